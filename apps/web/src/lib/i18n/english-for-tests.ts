// Vitest's web project starts each file with the English catalogue in place, as main.tsx does
// before the app's first render, so code that calls t() reads English, not keys. The app itself
// loads English as a chunk (load-locale.ts); only the tests hold all of it up front.
import { type Catalog, setCatalog } from './i18n';
import { merge } from './load-locale';

export const english: Catalog = merge(
  import.meta.glob<Catalog>('../../locales/en/*.json', { eager: true, import: 'default' }),
);

setCatalog('en', english, english);
