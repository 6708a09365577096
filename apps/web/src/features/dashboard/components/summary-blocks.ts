export type SummaryBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * The summary's text as paragraphs and bullet lists: one line is one sentence or one bullet. A
 * model's Markdown emphasis is dropped, since the text is shown as plain words.
 */
export function summaryBlocks(text: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\*\*|__/g, '').trim();
    if (!line) continue;
    if (BULLET.test(line)) {
      const item = line.replace(BULLET, '');
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line.replace(/^#+\s*/, '') });
    }
  }
  return blocks;
}
