/** A line of the summary, keyed by its line number in the text (the text never reorders). */
interface SummaryLine {
  line: number;
  text: string;
}

export type SummaryBlock =
  | ({ kind: 'paragraph' } & SummaryLine)
  | { kind: 'list'; line: number; items: SummaryLine[] };

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * The summary's text as paragraphs and bullet lists: one line is one sentence or one bullet. A
 * model's Markdown emphasis and headings are dropped, since the text is shown as plain words.
 */
export function summaryBlocks(text: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  text.split('\n').forEach((raw, line) => {
    const words = raw.replace(/\*\*|__/g, '').trim();
    if (!words) return;
    if (BULLET.test(words)) {
      const item = { line, text: words.replace(BULLET, '') };
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', line, items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', line, text: words.replace(/^#+\s*/, '') });
    }
  });
  return blocks;
}
