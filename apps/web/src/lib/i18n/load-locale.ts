// English is in the main bundle; every other language is one chunk of its own, fetched only by
// the people who chose it.
import { type AnyLocale, type Catalog, LOCALES, type Locale, setCatalog } from './i18n';

function merge(files: Record<string, Catalog>): Catalog {
  const all: Catalog = {};
  for (const [file, messages] of Object.entries(files)) {
    const namespace = file.replace(/^.*\/([^/]+)\.json$/, '$1');
    for (const [key, message] of Object.entries(messages)) all[`${namespace}.${key}`] = message;
  }
  return all;
}

export const english: Catalog = merge(
  import.meta.glob<Catalog>('../../locales/en/*.json', { eager: true, import: 'default' }),
);

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Record<string, Catalog>>> = {
  de: () => import('./catalog-de').then((module) => module.files),
  fr: () => import('./catalog-fr').then((module) => module.files),
  es: () => import('./catalog-es').then((module) => module.files),
};

const STORAGE_KEY = 'figgle-locale';

/** Each language by its own name, as the Preferences select lists them. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/** The Preferences select's choices; development builds add the pseudo-locale. */
export function languageOptions(): { value: AnyLocale; label: string }[] {
  const options: { value: AnyLocale; label: string }[] = LOCALES.map((value) => ({
    value,
    label: LANGUAGE_NAMES[value],
  }));
  if (import.meta.env.DEV) options.push({ value: 'pseudo', label: '[Ƥšéüðö·ļöçáļé]' });
  return options;
}

function isAnyLocale(value: unknown): value is AnyLocale {
  return isLocale(value) || (value === 'pseudo' && import.meta.env.DEV);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * In development, `?lang=pseudo` (or `?lang=de`…) in the address; then the saved choice on this
 * device, else the browser's first language we have, else English.
 */
export function initialLocale(): AnyLocale {
  if (import.meta.env.DEV) {
    const asked = new URLSearchParams(window.location.search).get('lang');
    if (isAnyLocale(asked)) {
      rememberLocale(asked);
      return asked;
    }
  }
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (isAnyLocale(saved)) return saved;
  } catch {}
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/**
 * Remembers the choice on this device, so the next page load starts in it without a flash. False
 * when the browser keeps nothing (storage off): a reload would then not change the language.
 */
export function rememberLocale(next: AnyLocale): boolean {
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
    return window.localStorage.getItem(STORAGE_KEY) === next;
  } catch {
    return false;
  }
}

export async function loadLocale(next: AnyLocale): Promise<void> {
  if (next === 'en') return setCatalog('en', english, english);
  if (next === 'pseudo') {
    const { pseudoCatalog } = await import('./pseudo-locale');
    return setCatalog('pseudo', pseudoCatalog(english), english);
  }
  try {
    setCatalog(next, merge(await loaders[next]()), english);
  } catch {
    // A language chunk that cannot be fetched (offline, after a deploy) leaves the app in English.
    setCatalog('en', english, english);
  }
}
