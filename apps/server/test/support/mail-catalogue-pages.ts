import type { Locale } from '@figgle/shared/constants';
import de from '../../src/mail/locales/de.json' with { type: 'json' };
import en from '../../src/mail/locales/en.json' with { type: 'json' };
import es from '../../src/mail/locales/es.json' with { type: 'json' };
import fr from '../../src/mail/locales/fr.json' with { type: 'json' };

/**
 * Checks for the pages the server writes from the emails' catalogue (`mail/locales`): the
 * unsubscribe page and the dev mailbox. Their keys share a prefix (`unsubscribePage.`, `devMailbox.`).
 */
const catalogues: Record<Locale, Record<string, string>> = { en, de, fr, es };

/** What a person reads on a page: the title and the body's text, tags and styles gone, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' '); // non-breaking spaces are part of the words
}

/**
 * The words of the English messages under `prefix` that the page still shows in `locale`: each
 * message cut at its arguments and tags, pieces of four characters or more, leaving out those the
 * language's own message keeps as they are (a product name, `SMTP_URL`).
 */
export function englishLeftIn(html: string, prefix: string, locale: Exclude<Locale, 'en'>): string[] {
  const text = visibleText(html);
  const left: string[] = [];
  for (const [key, message] of Object.entries(catalogues.en)) {
    if (!key.startsWith(prefix)) continue;
    const own = catalogues[locale][key] ?? '';
    for (const piece of message.split(/\{[^}]*\}|<\/?\w+>/)) {
      const words = piece.trim();
      if (words.length >= 4 && !own.includes(words) && text.includes(words)) left.push(words);
    }
  }
  return left;
}
