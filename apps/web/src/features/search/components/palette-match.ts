import type { MarkedText } from '@figgle/shared/search-schemas';

/** Lower case without accents: "Élan" and "elan" match. Keeps the length of plain Latin text. */
function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const words = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean);

/**
 * Whether a palette entry named `label` (with other `keywords`) answers `query`: every word typed
 * starts a word of the label or of the keywords ("dark", "go inb", "theme"). The answer is the label
 * with the starts it matched marked, or null when it does not answer. An empty query answers all.
 */
export function matchEntry(label: string, keywords: readonly string[], query: string): MarkedText | null {
  const typed = words(query);
  if (typed.length === 0) return { text: label, marks: [] };
  const folded = foldText(label);
  // Word starts of the label with their offsets (folding keeps offsets for the app's own labels).
  const starts = [...folded.matchAll(/[\p{L}\p{N}#]+/gu)].map((match) => ({
    word: match[0],
    at: match.index,
  }));
  const extra = keywords.flatMap(words);
  const marks: Array<[number, number]> = [];
  for (const word of typed) {
    const inLabel = starts.filter((start) => start.word.startsWith(word));
    if (inLabel.length === 0 && !extra.some((keyword) => keyword.startsWith(word))) return null;
    for (const start of inLabel) marks.push([start.at, start.at + word.length]);
  }
  return { text: label, marks };
}
