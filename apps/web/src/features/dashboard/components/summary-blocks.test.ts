import { describe, expect, it } from 'vitest';
import { summaryBlocks } from './summary-blocks';

describe('summaryBlocks', () => {
  it('makes one paragraph of each sentence line', () => {
    expect(summaryBlocks('Four tasks were created.\n\nNothing is overdue.')).toEqual([
      { kind: 'paragraph', line: 0, text: 'Four tasks were created.' },
      { kind: 'paragraph', line: 2, text: 'Nothing is overdue.' },
    ]);
  });

  it('gathers bullets into lists and drops Markdown emphasis and headings', () => {
    expect(
      summaryBlocks('## Week\n- **Ada** finished 3 tasks\n* Website was busiest\n2. Done\nThat is all.'),
    ).toEqual([
      { kind: 'paragraph', line: 0, text: 'Week' },
      {
        kind: 'list',
        line: 1,
        items: [
          { line: 1, text: 'Ada finished 3 tasks' },
          { line: 2, text: 'Website was busiest' },
          { line: 3, text: 'Done' },
        ],
      },
      { kind: 'paragraph', line: 4, text: 'That is all.' },
    ]);
  });
});
