// Every en catalogue file, bundled into one chunk (load-locale.ts imports it on demand), as the
// other languages are: the first load carries one language, whichever it is.
import type { Catalog } from './i18n';

export const files = import.meta.glob<Catalog>('../../locales/en/*.json', { eager: true, import: 'default' });
