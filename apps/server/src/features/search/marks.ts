import type { MarkedText } from '@figgle/shared/search-schemas';

/** What the query matched, as the database reads words (lowercase, no accents). */
export interface MatchTerms {
  /** A word matches when it begins with one of these (a one-character term: when it is that). */
  prefixes: string[];
  /** Known words a typo stood for: a word matches when it is one of them. */
  words: string[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Letters unaccent spells differently from what stripping marks leaves. */
const SPELLED_OUT: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** A word as figgle_search reads it: lowercase, without accents. */
function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => SPELLED_OUT[letter] ?? letter);
}

function matches(word: string, terms: MatchTerms): boolean {
  const folded = foldWord(word);
  if (terms.words.includes(folded)) return true;
  return terms.prefixes.some((prefix) =>
    [...prefix].length > 1 ? folded.startsWith(prefix) : folded === prefix,
  );
}

/** The matching words of a text, whole, as [start, end) UTF-16 offsets. */
export function markText(text: string, terms: MatchTerms): MarkedText {
  const marks: Array<[number, number]> = [];
  for (const found of text.matchAll(WORD)) {
    const start = found.index ?? 0;
    if (matches(found[0], terms)) marks.push([start, start + found[0].length]);
  }
  return { text, marks };
}

const BEFORE = 60;
const LENGTH = 200;
const ELLIPSIS = '…';

/** A cut that does not split a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/**
 * The first matching words of a long text in context: about LENGTH characters from a little before
 * the first match, cut between words, with an ellipsis where text was left out. null when no word of
 * the text matches.
 */
export function snippet(text: string, terms: MatchTerms): MarkedText | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  const { marks } = markText(flat, terms);
  const first = marks[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - BEFORE);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < first[0] ? space + 1 : safeCut(flat, start);
  }
  let end = Math.min(flat.length, start + LENGTH);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    end = space > first[1] ? space : safeCut(flat, Math.max(end, first[1]));
  }
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < flat.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${flat.slice(start, end)}${suffix}`,
    marks: marks
      .filter(([from, to]) => from >= start && to <= end)
      .map(([from, to]): [number, number] => [from + shift, to + shift]),
  };
}

/** The beginning of a text, for a hit that matched but shows no matching word (nothing marked). */
export function opening(text: string): MarkedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= LENGTH) return { text: flat, marks: [] };
  const space = flat.lastIndexOf(' ', LENGTH);
  const end = space > 0 ? space : safeCut(flat, LENGTH);
  return { text: `${flat.slice(0, end)}${ELLIPSIS}`, marks: [] };
}
