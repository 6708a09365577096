// Vitest's web project starts each file with the English catalogue in place, as main.tsx does
// before the app's first render, so code that calls t() reads English, not keys.
import { setCatalog } from './i18n';
import { english } from './load-locale';

setCatalog('en', english, english);
