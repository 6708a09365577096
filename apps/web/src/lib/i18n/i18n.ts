// Every user-visible string of the web app goes through `t`: an ICU message (plurals, select for
// genders) looked up by key in the chosen language's catalogue. The catalogue is loaded once before
// the app renders (load-locale.ts); changing the language reloads the page, so `t` can be a plain
// function that code outside React (toasts, validation) calls as well.
import { IntlMessageFormat } from 'intl-messageformat';
import type { ReactNode } from 'react';

export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** A development-only language: English, accented and 30 % longer, to find layouts that break. */
export type AnyLocale = Locale | 'pseudo';

/** Keys are "namespace.key": the namespace is the file name in src/locales/<language>/. */
export type Catalog = Record<string, string>;
type Values = Record<string, string | number | boolean | Date | null | undefined>;
type RichValues = Record<
  string,
  string | number | boolean | Date | null | undefined | ((chunks: ReactNode[]) => ReactNode)
>;

let locale: AnyLocale = 'en';
let catalog: Catalog = {};
let fallback: Catalog = {};
const compiled = new Map<string, IntlMessageFormat>();

/** Installs a language's messages, with English as the fallback for any key it lacks. */
export function setCatalog(next: AnyLocale, messages: Catalog, english: Catalog): void {
  locale = next;
  catalog = messages;
  fallback = english;
  compiled.clear();
  if (typeof document !== 'undefined') document.documentElement.lang = next === 'pseudo' ? 'en' : next;
}

/** The language in use; the locale for `Intl` formatting of dates, numbers and relative times. */
export function currentLocale(): AnyLocale {
  return locale;
}

export function intlLocale(): string {
  return locale === 'pseudo' ? 'en' : locale;
}

function format(key: string): IntlMessageFormat | string {
  const message = catalog[key] ?? fallback[key];
  if (message === undefined) return key;
  // Most messages have no argument: no need to parse them.
  if (!message.includes('{') && !message.includes('<')) return message;
  let found = compiled.get(key);
  if (!found) {
    found = new IntlMessageFormat(message, intlLocale());
    compiled.set(key, found);
  }
  return found;
}

/** The key under `prefix` whose English message is exactly `text`: how a server's English is matched. */
export function keyOfEnglish(prefix: string, text: string): string | undefined {
  for (const [key, message] of Object.entries(fallback)) {
    if (message === text && key.startsWith(prefix)) return key;
  }
  return undefined;
}

/** The message for `key`, with its `{arguments}` filled in. */
export function t(key: string, values?: Values): string {
  const message = format(key);
  if (typeof message === 'string') return message;
  return String(message.format(values));
}

/**
 * A message with tags, such as "Read <link>the guide</link>", where each tag is a function that
 * wraps its text in an element.
 */
export function tRich(key: string, values: RichValues): ReactNode {
  const message = format(key);
  if (typeof message === 'string') return message;
  return message.format<ReactNode>(values) as ReactNode;
}
