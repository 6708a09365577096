// The development pseudo-locale: every message accented and about 30 % longer, with its ICU
// arguments and tags left as they are, so a layout that cannot take German or French shows itself.
import type { Catalog } from './i18n';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
};

function accent(text: string): string {
  let out = '';
  let depth = 0;
  let inTag = false;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === '<') inTag = true;
    out += depth > 0 || inTag ? char : (ACCENTED[char] ?? char);
    if (char === '>') inTag = false;
  }
  return out;
}

export function pseudoCatalog(english: Catalog): Catalog {
  const pseudo: Catalog = {};
  for (const [key, message] of Object.entries(english)) {
    const padding = '·'.repeat(Math.ceil(message.length * 0.3));
    pseudo[key] = `[${accent(message)}${padding}]`;
  }
  return pseudo;
}
