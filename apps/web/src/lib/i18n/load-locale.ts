// Each language is one chunk of its own, English too, fetched before the first render: the first
// load carries the one language it shows (decision 0033). The check (scripts/check-i18n.mjs) keeps
// every key in every language, so no English is needed behind another language, except the errors
// namespace's: a server's English message is matched against it (error-text.ts).
import { type AnyLocale, type Catalog, LOCALES, type Locale, setCatalog } from './i18n';

/** One catalogue from a language's files: keys become "<file name>.<key>". */
export function merge(files: Record<string, Catalog>): Catalog {
  const all: Catalog = {};
  for (const [file, messages] of Object.entries(files)) {
    const namespace = file.replace(/^.*\/([^/]+)\.json$/, '$1');
    for (const [key, message] of Object.entries(messages)) all[`${namespace}.${key}`] = message;
  }
  return all;
}

/** The server's errors in English, what error-text.ts matches a server's message against. */
const englishErrors: Catalog = merge(
  import.meta.glob<Catalog>('../../locales/en/errors.json', { eager: true, import: 'default' }),
);

const loaders: Record<Locale, () => Promise<Record<string, Catalog>>> = {
  en: () => import('./catalog-en').then((module) => module.files),
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
  const language = next === 'pseudo' ? 'en' : next;
  let messages: Catalog;
  let shown: AnyLocale = next;
  try {
    messages = merge(await loaders[language]());
  } catch {
    // A language chunk that cannot be fetched (offline before it was cached, after a deploy): English
    // if that one can be; else only the errors, and keys show where text should be.
    shown = 'en';
    messages = await loaders
      .en()
      .then(merge)
      .catch(() => englishErrors);
  }
  if (shown === 'pseudo') {
    const { pseudoCatalog } = await import('./pseudo-locale');
    return setCatalog('pseudo', pseudoCatalog(messages), englishErrors);
  }
  setCatalog(shown, messages, englishErrors);
}
