import type { MarkedText } from '@figgle/shared/search-schemas';

interface Segment {
  text: string;
  marked: boolean;
}

/**
 * Cuts a text into plain and matched parts from its `[start, end)` marks. Marks may come unsorted,
 * overlapping or past the text's end: they are clamped and merged, so every character shows once and
 * a wrong offset can cost a highlight, never text. A mark never splits a surrogate pair.
 */
export function markSegments({ text, marks }: MarkedText): Segment[] {
  const ranges = marks
    .map(([start, end]) => [characterStart(text, start, -1), characterStart(text, end, 1)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) segments.push({ text: text.slice(at, from), marked: false });
    const last = segments.at(-1);
    if (last?.marked && from === at) last.text += text.slice(from, end);
    else segments.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}

/**
 * An offset inside the text; one that falls inside a surrogate pair moves to the pair's start (a
 * mark's start, `towards` -1) or past its end (a mark's end, `towards` 1), so the whole emoji is marked.
 */
function characterStart(text: string, offset: number, towards: -1 | 1): number {
  if (!Number.isFinite(offset)) return towards === -1 ? 0 : text.length;
  const inside = Math.min(Math.max(Math.trunc(offset), 0), text.length);
  const code = text.charCodeAt(inside);
  const lowSurrogate = code >= 0xdc00 && code <= 0xdfff;
  return lowSurrogate && inside > 0 ? inside + (towards === -1 ? -1 : 1) : inside;
}
