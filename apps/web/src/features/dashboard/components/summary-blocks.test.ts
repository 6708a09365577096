import { describe, expect, it } from 'vitest';
import { summaryBlocks } from './summary-blocks';

describe('summaryBlocks', () => {
  it('makes one paragraph of each sentence line', () => {
    expect(summaryBlocks('Four tasks were created.\n\nNothing is overdue.')).toEqual([
      { kind: 'paragraph', text: 'Four tasks were created.' },
      { kind: 'paragraph', text: 'Nothing is overdue.' },
    ]);
  });

  it('gathers bullets into lists and drops Markdown emphasis and headings', () => {
    expect(
      summaryBlocks('## Week\n- **Ada** finished 3 tasks\n* Website was busiest\n2. Done\nThat is all.'),
    ).toEqual([
      { kind: 'paragraph', text: 'Week' },
      { kind: 'list', items: ['Ada finished 3 tasks', 'Website was busiest', 'Done'] },
      { kind: 'paragraph', text: 'That is all.' },
    ]);
  });
});
