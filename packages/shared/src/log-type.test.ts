import { describe, expect, it } from 'vitest';
import {
  type CollapsibleLog,
  collapseContentLogs,
  deriveLogType,
  describeLogChange,
  LOG_TYPES,
  logMetadataSchema,
  logTypeSchema,
} from './log-type.ts';

describe('log types', () => {
  it('lists the derived types and the ones the server writes directly', () => {
    expect(LOG_TYPES).toEqual([
      'STATUS',
      'TITLE',
      'ASSIGNEE',
      'CONTENT',
      'COMMENT',
      'CREATION',
      'DUE_DATE',
      'PRIORITY',
      'LABELS',
      'COMMENT_EDIT',
      'COMMENT_DELETE',
      'MOVE',
      'PARENT',
      'RELATION',
      'ESTIMATE',
      'START_DATE',
      'MILESTONE',
      'CYCLE',
      'CUSTOM_FIELD',
      'RESTORE',
    ]);
    expect(logTypeSchema.safeParse('STATUS').success).toBe(true);
    expect(logTypeSchema.safeParse('status').success).toBe(false);
  });
});

describe('logMetadataSchema', () => {
  it('accepts each kind of change', () => {
    const metadata = {
      status: { old: 'TODO', new: 'DOING' },
      title: { old: 'Old', new: 'New' },
      assignee_id: { old: null, new: 'user-1' },
      content: true,
    };
    expect(logMetadataSchema.parse(metadata)).toEqual(metadata);
    expect(logMetadataSchema.parse({})).toEqual({});
  });

  it('rejects unknown statuses, wrong shapes and a false content flag', () => {
    for (const bad of [
      { status: { old: 'TODO', new: 'blocked' } },
      { title: 'New' },
      { title: { old: 'a' } },
      { assignee_id: { old: 1, new: 2 } },
      { content: false },
      null,
    ]) {
      expect(logMetadataSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('drops keys it does not know', () => {
    expect(logMetadataSchema.parse({ content: true, extra: 'x' })).toEqual({ content: true });
  });
});

describe('deriveLogType', () => {
  it('follows the order of docs/product.md: status, title, assignee, otherwise content', () => {
    const status = { old: 'TODO', new: 'DONE' } as const;
    const title = { old: 'a', new: 'b' };
    const assignee_id = { old: null, new: 'u1' };
    expect(deriveLogType({ status, title, assignee_id, content: true })).toBe('STATUS');
    expect(deriveLogType({ title, assignee_id, content: true })).toBe('TITLE');
    expect(deriveLogType({ assignee_id, content: true })).toBe('ASSIGNEE');
    expect(deriveLogType({ content: true })).toBe('CONTENT');
    expect(deriveLogType({})).toBe('CONTENT');
  });

  it('ignores a field whose value did not change', () => {
    expect(deriveLogType({ status: { old: 'DONE', new: 'DONE' }, title: { old: 'a', new: 'b' } })).toBe(
      'TITLE',
    );
    expect(deriveLogType({ assignee_id: { old: null, new: null }, content: true })).toBe('CONTENT');
  });

  it('puts due date, priority and labels after the assignee and before the description', () => {
    const due = { old: null, new: '2026-03-01' };
    const priority = { old: 'NONE', new: 'HIGH' } as const;
    const labels = { old: [], new: [{ label_id: 'l1', name: 'Bug' }] };
    expect(deriveLogType({ assignee_id: { old: null, new: 'u1' }, due })).toBe('ASSIGNEE');
    expect(deriveLogType({ due, priority, labels, content: true })).toBe('DUE_DATE');
    expect(deriveLogType({ priority, labels })).toBe('PRIORITY');
    expect(deriveLogType({ labels })).toBe('LABELS');
    expect(deriveLogType({ labels: { old: labels.new, new: labels.new } })).toBe('CONTENT');
  });

  it('words a due date, priority and labels change with old and new values', () => {
    expect(describeLogChange({ due: { old: null, new: '2026-03-01' } })).toBe('due date none → 2026-03-01');
    expect(describeLogChange({ due: { old: '2026-03-01', new: '2026-03-02T09:30:00.000Z' } })).toBe(
      'due date 2026-03-01 → 2026-03-02 09:30 UTC',
    );
    expect(describeLogChange({ priority: { old: 'NONE', new: 'URGENT' } })).toBe('priority None → Urgent');
    expect(
      describeLogChange({
        labels: { old: [{ label_id: 'a', name: 'Bug' }], new: [] },
      }),
    ).toBe('labels "Bug" → none');
  });

  it('types and words a start date change after the due date and before the priority', () => {
    const start = { old: null, new: '2026-03-01' };
    expect(deriveLogType({ due: { old: null, new: '2026-03-05' }, start })).toBe('DUE_DATE');
    expect(deriveLogType({ start, priority: { old: 'NONE', new: 'HIGH' } })).toBe('START_DATE');
    expect(describeLogChange({ start })).toBe('start date none → 2026-03-01');
    expect(describeLogChange({ start: { old: '2026-03-01', new: null } })).toBe(
      'start date 2026-03-01 → none',
    );
  });

  it('counts unassigning as an assignee change', () => {
    expect(deriveLogType({ assignee_id: { old: 'u1', new: null } })).toBe('ASSIGNEE');
  });
});

type Log = CollapsibleLog & { log_id: string };

const log = (
  log_id: string,
  task_id: string,
  type: string,
  minute: number,
  extra: Partial<Log> = {},
): Log => ({
  log_id,
  task_id,
  type,
  created_at: `2024-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  author_id: 'ada',
  metadata: type === 'CONTENT' ? { content: true } : {},
  ...extra,
});

describe('collapseContentLogs', () => {
  it('merges successive description edits of one task into the latest', () => {
    const logs = [log('1', 't1', 'CONTENT', 1), log('2', 't1', 'CONTENT', 2), log('3', 't1', 'CONTENT', 3)];
    const collapsed = collapseContentLogs(logs);
    expect(collapsed.map((l) => l.log_id)).toEqual(['3']);
    expect(collapsed[0]?.created_at).toBe('2024-01-01T10:03:00.000Z');
    expect(collapsed[0]?.metadata).toEqual({ content: true });
  });

  it('gives the same result on a list sorted newest first', () => {
    const logs = [log('3', 't1', 'CONTENT', 3), log('2', 't1', 'CONTENT', 2), log('1', 't1', 'CONTENT', 1)];
    expect(collapseContentLogs(logs).map((l) => l.log_id)).toEqual(['3']);
  });

  it('keeps the earliest old value and the latest new value when the edits carry them', () => {
    const logs = [
      log('1', 't1', 'CONTENT', 1, { metadata: { content: true, title: { old: 'A', new: 'B' } } }),
      log('2', 't1', 'CONTENT', 2, { metadata: { content: true, title: { old: 'B', new: 'C' } } }),
    ];
    expect(collapseContentLogs(logs)[0]?.metadata).toEqual({ content: true, title: { old: 'A', new: 'C' } });
  });

  it('does not merge across another entry, another task or another author', () => {
    const logs = [
      log('1', 't1', 'CONTENT', 1),
      log('2', 't1', 'STATUS', 2, { metadata: { status: { old: 'TODO', new: 'DOING' } } }),
      log('3', 't1', 'CONTENT', 3),
      log('4', 't2', 'CONTENT', 4),
      log('5', 't1', 'CONTENT', 5),
      log('6', 't1', 'CONTENT', 6, { author_id: 'bob' }),
      log('7', 't1', 'CONTENT', 7, { author_id: 'bob' }),
    ];
    expect(collapseContentLogs(logs).map((l) => l.log_id)).toEqual(['1', '2', '3', '4', '5', '7']);
  });

  it('leaves other log types untouched, even when they repeat', () => {
    const logs = [log('1', 't1', 'COMMENT', 1), log('2', 't1', 'COMMENT', 2), log('3', 't1', 'TITLE', 3)];
    const collapsed = collapseContentLogs(logs);
    expect(collapsed).toEqual(logs);
    expect(collapsed[0]).toBe(logs[0]);
  });

  it('handles empty lists and Date timestamps, without changing its input', () => {
    expect(collapseContentLogs([])).toEqual([]);
    const logs = [
      { task_id: 't1', type: 'CONTENT', created_at: new Date('2024-01-02') },
      { task_id: 't1', type: 'CONTENT', created_at: new Date('2024-01-03') },
    ];
    const copy = structuredClone(logs);
    expect(collapseContentLogs(logs)).toEqual([logs[1]]);
    expect(logs).toEqual(copy);
  });
});

describe('describeLogChange', () => {
  const names = new Map([['u1', 'Ada Lovelace']]);

  it('describes a status change with its labels', () => {
    expect(describeLogChange({ status: { old: 'TODO', new: 'DOING' } })).toBe('status To Do → Doing');
    expect(describeLogChange({ status: { old: null, new: 'ARCHIVE' } })).toBe('status Archive');
  });

  it('describes a title change with quotes', () => {
    expect(describeLogChange({ title: { old: 'Old', new: 'New' } })).toBe('title "Old" → "New"');
    expect(describeLogChange({ title: { old: null, new: 'First' } })).toBe('title "First"');
  });

  it('names the new assignee, or says none', () => {
    expect(describeLogChange({ assignee_id: { old: null, new: 'u1' } }, names)).toBe('assignee Ada Lovelace');
    expect(describeLogChange({ assignee_id: { old: 'u1', new: 'u1x' } }, { u1x: 'Grace Hopper' })).toBe(
      'assignee Grace Hopper',
    );
    expect(describeLogChange({ assignee_id: { old: 'u1', new: null } }, names)).toBe('assignee none');
  });

  it('says so when the assignee is not among the known names', () => {
    expect(describeLogChange({ assignee_id: { old: null, new: 'gone' } }, names)).toBe(
      'assignee an unknown user',
    );
    expect(describeLogChange({ assignee_id: { old: null, new: 'constructor' } }, {})).toBe(
      'assignee an unknown user',
    );
    expect(describeLogChange({ assignee_id: { old: null, new: 'u1' } })).toBe('assignee an unknown user');
  });

  it('describes a description edit, which is also the fallback', () => {
    expect(describeLogChange({ content: true })).toBe('description edited');
    expect(describeLogChange({})).toBe('description edited');
    expect(describeLogChange({ status: { old: 'DONE', new: 'DONE' } })).toBe('description edited');
  });

  it('lists several changes in the order of docs/product.md', () => {
    expect(
      describeLogChange(
        {
          content: true,
          assignee_id: { old: null, new: 'u1' },
          title: { old: 'a', new: 'b' },
          status: { old: 'DOING', new: 'DONE' },
        },
        names,
      ),
    ).toBe('status Doing → Done, title "a" → "b", assignee Ada Lovelace, description edited');
  });
});
