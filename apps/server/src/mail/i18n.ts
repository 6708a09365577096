// The texts of Figgle's emails, in the recipient's language: ICU messages (the web app's format,
// through the same library), one catalogue per language in ./locales. English is the fallback for
// a key a language lacks, and the language of anyone who never chose one.
import { LOCALES, type Locale } from '@figgle/shared/constants';
import { IntlMessageFormat } from 'intl-messageformat';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

export type MailKey = keyof typeof en;
type Values = Record<string, string | number | ((chunks: string[]) => string)>;

const catalogs: Record<Locale, Partial<Record<MailKey, string>>> = { en, de, fr, es };
const compiled = new Map<string, IntlMessageFormat>();

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first language of an Accept-Language header that Figgle has, or null. */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | null {
  for (const part of (header ?? '').split(',')) {
    const base = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** The first of the candidates that is a language Figgle has (a saved choice, a browser's); else English. */
export function mailLocale(...candidates: (string | null | undefined)[]): Locale {
  return candidates.find(isLocale) ?? 'en';
}

/** One email text in `locale`, its `{arguments}` filled in; tags (`<link>…</link>`) by functions. */
export function mailText(locale: Locale, key: MailKey, values?: Values): string {
  const message = catalogs[locale][key] ?? en[key];
  const id = `${locale}:${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, locale);
    compiled.set(id, format);
  }
  const out = format.format<string>(values);
  return Array.isArray(out) ? out.join('') : String(out);
}
