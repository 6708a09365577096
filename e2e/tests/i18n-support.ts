import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

// The web app's catalogues, read from the source: a journey in German finds its controls by the
// German of the English words it would use, and checks that no English is left on a page.
const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

export type Language = 'de' | 'fr';
type Catalog = Record<string, string>;

function catalogueOf(language: string): Catalog {
  const all: Catalog = {};
  for (const file of readdirSync(path.join(locales, language)).filter((name) => name.endsWith('.json'))) {
    const namespace = file.slice(0, -'.json'.length);
    const messages = JSON.parse(readFileSync(path.join(locales, language, file), 'utf8')) as Catalog;
    for (const [key, message] of Object.entries(messages)) all[`${namespace}.${key}`] = message;
  }
  return all;
}

const english = catalogueOf('en');
const catalogues = { de: catalogueOf('de'), fr: catalogueOf('fr') };

/** The message of `key` in `language` (one without arguments); a `<tag>`'s text alone with `tag`. */
export function say(language: Language, key: string, tag?: string): string {
  const message = catalogues[language][key];
  if (message === undefined) throw new Error(`no ${key} in ${language}`);
  if (!tag) return message;
  const inside = new RegExp(`<${tag}>(.*?)</${tag}>`).exec(message)?.[1];
  if (inside === undefined) throw new Error(`no <${tag}> in ${key} (${language})`);
  return inside;
}

/** The `language` message of the `namespace` key whose English is `text` ("Register" → "Registrieren"). */
export function tr(language: Language, namespace: string, text: string): string {
  const key = Object.keys(english).find((each) => each.startsWith(`${namespace}.`) && english[each] === text);
  if (!key) throw new Error(`no ${namespace} message "${text}" in English`);
  return say(language, key);
}

/**
 * The English messages a page in `language` must not show: whole messages without arguments that
 * differ from their translation and are no message of that language either ("Status", "Dashboard"
 * and product names are the same in both).
 */
function englishOnly(language: Language): Set<string> {
  const translated = new Set(Object.values(catalogues[language]).map((message) => message.trim()));
  const only = new Set<string>();
  for (const [key, message] of Object.entries(english)) {
    const text = message.trim();
    if (/[{}<>]/.test(text) || !/\p{L}{2}/u.test(text)) continue;
    if (catalogues[language][key]?.trim() === text || translated.has(text)) continue;
    only.add(text);
  }
  return only;
}

const ENGLISH_ONLY = { de: englishOnly('de'), fr: englishOnly('fr') };

/** Every text the page shows: visible text nodes, and the placeholders of empty fields and editors. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"]')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
      texts.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (!field.value && field.getBoundingClientRect().width > 0) texts.push(field.placeholder.trim());
    }
    // The rich-text editor shows its placeholder from an attribute, through CSS.
    for (const editor of document.querySelectorAll<HTMLElement>('.ql-blank[data-placeholder]')) {
      if (editor.getBoundingClientRect().width > 0) texts.push(editor.dataset.placeholder?.trim() ?? '');
    }
    return texts;
  });
}

/**
 * The page is in `language`: none of its texts is an English message of the catalogue, and it is
 * no wider than the screen. `allowed` lists texts that are the people's own (a name they typed).
 */
export async function expectPageIn(page: Page, language: Language, where: string, allowed: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const english = (await visibleTexts(page)).filter(
    (text) => ENGLISH_ONLY[language].has(text) && !allowed.includes(text),
  );
  expect(english, `English left on ${where}`).toEqual([]);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(clientWidth);
}
