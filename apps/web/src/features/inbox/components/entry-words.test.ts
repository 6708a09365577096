import type { InboxEntryView } from '@figgle/shared/inbox-schemas';
import { describe, expect, it } from 'vitest';
import { authorLabel, changeWords } from './entry-words';

const ada = { user_id: '00000000-0000-4000-8000-000000000001', firstname: 'Ada', lastname: 'Lovelace' };
const carolId = '00000000-0000-4000-8000-000000000002';

function entry(overrides: Partial<InboxEntryView>): InboxEntryView {
  return {
    entry_id: '00000000-0000-4000-8000-0000000000aa',
    type: 'STATUS',
    created_at: '2026-01-01T00:00:00.000Z',
    author: ada,
    author_name: '',
    task: { task_id: '00000000-0000-4000-8000-0000000000bb', reference: 3, title: 'Fix' },
    project: {
      project_id: '00000000-0000-4000-8000-0000000000cc',
      name: 'Web',
      emoji: 'fox',
      trigram: 'WEB',
    },
    metadata: {},
    people: {},
    status_names: {},
    comment: null,
    ...overrides,
  };
}

describe('inbox entry words', () => {
  it('names the person, Figma, or the Figma commenter', () => {
    expect(authorLabel(entry({}))).toBe('Ada Lovelace');
    expect(authorLabel(entry({ author: null }))).toBe('Figma');
    expect(authorLabel(entry({ author: null, author_name: 'grace.h' }))).toBe('grace.h (Figma)');
    expect(authorLabel(entry({ author: { ...ada, firstname: '', lastname: '' } }))).toBe('Someone');
  });

  it("names a status by its project's name, else its first name", () => {
    const metadata = { status: { old: 'DOING', new: 'SHIPPED' } };
    expect(changeWords(entry({ metadata, status_names: { DOING: 'Doing', SHIPPED: 'Shipped' } }))).toBe(
      'status Doing → Shipped',
    );
    expect(changeWords(entry({ metadata: { status: { old: 'TODO', new: 'DONE' } } }))).toBe(
      'status To Do → Done',
    );
  });

  it('says what a sub-task or relation line changed', () => {
    expect(
      changeWords(
        entry({
          type: 'RELATION',
          metadata: {
            relation: { kind: 'blocked_by', task_id: carolId, reference: 'WEB-9', added: true },
          },
        }),
      ),
    ).toBe('marked as blocked by WEB-9');
    expect(
      changeWords(
        entry({
          type: 'PARENT',
          metadata: { subtask: { task_id: carolId, reference: 'WEB-14', added: true } },
        }),
      ),
    ).toBe('added sub-task WEB-14');
  });

  it('says what changed: status, title, assignee, description, comment, creation', () => {
    expect(changeWords(entry({ metadata: { status: { old: 'TODO', new: 'DOING' } } }))).toBe(
      'status To Do → Doing',
    );
    expect(changeWords(entry({ type: 'TITLE', metadata: { title: { old: 'A', new: 'B' } } }))).toBe(
      'title "A" → "B"',
    );
    expect(
      changeWords(
        entry({
          type: 'ASSIGNEE',
          metadata: { assignee_id: { old: null, new: carolId } },
          people: { [carolId]: 'Carol Shaw' },
        }),
      ),
    ).toBe('assignee Carol Shaw');
    expect(changeWords(entry({ type: 'CONTENT', metadata: { content: true } }))).toBe('description edited');
    expect(changeWords(entry({ type: 'COMMENT', comment: 'Looks good' }))).toBe('new comment: “Looks good”');
    expect(changeWords(entry({ type: 'COMMENT', comment: '' }))).toBe('new comment');
    expect(changeWords(entry({ type: 'CREATION', metadata: { status: { old: null, new: 'TODO' } } }))).toBe(
      'task created',
    );
    expect(
      changeWords(
        entry({
          type: 'CREATION',
          metadata: { assignee_id: { old: null, new: carolId } },
          people: { [carolId]: 'Carol Shaw' },
        }),
      ),
    ).toBe('task created, assignee Carol Shaw');
  });

  it('says what changed in the planning fields: due date, priority, labels', () => {
    expect(
      changeWords(entry({ type: 'DUE_DATE', metadata: { due: { old: null, new: '2026-03-05' } } })),
    ).toBe('due date none → March 5, 2026');
    expect(
      changeWords(entry({ type: 'DUE_DATE', metadata: { due: { old: '2026-03-05', new: null } } })),
    ).toBe('due date March 5, 2026 → none');
    // A due time reads on the viewer's clock, not in UTC.
    const instant = '2026-03-05T14:30:00.000Z';
    const clock = new Date(instant)
      .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
      .replace(/\s/g, ' ');
    const day = new Date(instant).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(
      changeWords(entry({ type: 'DUE_DATE', metadata: { due: { old: '2026-03-05', new: instant } } })),
    ).toBe(`due date March 5, 2026 → ${day} at ${clock}`);
    expect(
      changeWords(entry({ type: 'PRIORITY', metadata: { priority: { old: 'NONE', new: 'URGENT' } } })),
    ).toBe('priority None → Urgent');
    const bug = { label_id: 'l1', name: 'Bug' };
    const ui = { label_id: 'l2', name: 'UI' };
    expect(changeWords(entry({ type: 'LABELS', metadata: { labels: { old: [bug], new: [bug, ui] } } }))).toBe(
      'labels: added “UI”',
    );
    expect(changeWords(entry({ type: 'LABELS', metadata: { labels: { old: [bug, ui], new: [] } } }))).toBe(
      'labels: removed “Bug” and “UI”',
    );
  });

  it('words a planning change beside another change of the same entry', () => {
    expect(
      changeWords(
        entry({
          type: 'STATUS',
          metadata: { status: { old: 'TODO', new: 'DOING' }, priority: { old: 'LOW', new: 'HIGH' } },
        }),
      ),
    ).toBe('status To Do → Doing, priority Low → High');
  });
});
