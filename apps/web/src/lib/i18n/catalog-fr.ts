// Every fr catalogue file, bundled into one chunk (load-locale.ts imports it on demand).
import type { Catalog } from './i18n';

export const files = import.meta.glob<Catalog>('../../locales/fr/*.json', { eager: true, import: 'default' });
