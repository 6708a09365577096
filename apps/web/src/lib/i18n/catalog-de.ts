// Every de catalogue file, bundled into one chunk (load-locale.ts imports it on demand).
import type { Catalog } from './i18n';

export const files = import.meta.glob<Catalog>('../../locales/de/*.json', { eager: true, import: 'default' });
