import { describe, expect, it } from 'vitest';
import {
  compareTasksForList,
  compareTitles,
  DEFAULT_TASK_STATUS,
  STATUS_LABELS,
  statusOrder,
  TASK_STATUSES,
} from './status.ts';
import { taskStatusSchema } from './status-schema.ts';

describe('task statuses', () => {
  it("lists the four statuses in list order, a project's own ones after them", () => {
    expect(TASK_STATUSES).toEqual(['TODO', 'DOING', 'DONE', 'ARCHIVE']);
    expect(TASK_STATUSES.map(statusOrder)).toEqual([0, 1, 2, 3]);
    expect(statusOrder('IN_REVIEW')).toBe(4);
  });

  it('labels each status as docs/product.md shows it', () => {
    expect(STATUS_LABELS).toEqual({ TODO: 'To Do', DOING: 'Doing', DONE: 'Done', ARCHIVE: 'Archive' });
  });

  it('defaults new tasks to TODO', () => {
    expect(DEFAULT_TASK_STATUS).toBe('TODO');
  });

  it("accepts the four statuses and keys of a project's own statuses, and nothing else", () => {
    for (const status of [...TASK_STATUSES, 'IN_REVIEW', 'BLOCKED_2']) {
      expect(taskStatusSchema.parse(status)).toBe(status);
    }
    for (const bad of ['todo', 'Done', '_X', '2X', 'IN REVIEW', 'A'.repeat(41), '', null, 1]) {
      expect(taskStatusSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('compareTitles', () => {
  it('ignores case', () => {
    expect(compareTitles('apple', 'APPLE')).toBe(0);
    expect(compareTitles('apple', 'Banana')).toBeLessThan(0);
    expect(compareTitles('Banana', 'apple')).toBeGreaterThan(0);
  });

  it('orders numbers inside titles by value', () => {
    expect(compareTitles('Task 2', 'Task 10')).toBeLessThan(0);
  });

  it('keeps accented letters next to their base letter', () => {
    const sorted = ['zebra', 'éclair', 'apple', 'Eagle'].sort(compareTitles);
    expect(sorted).toEqual(['apple', 'Eagle', 'éclair', 'zebra']);
  });
});

describe('compareTasksForList', () => {
  it('sorts by status order first, then by title', () => {
    const tasks = [
      { status: 'DONE' as const, title: 'alpha' },
      { status: 'ARCHIVE' as const, title: 'Aardvark' },
      { status: 'TODO' as const, title: 'zulu' },
      { status: 'DOING' as const, title: 'mike' },
      { status: 'TODO' as const, title: 'Bravo' },
      { status: 'TODO' as const, title: 'alpha' },
    ];
    expect(tasks.sort(compareTasksForList)).toEqual([
      { status: 'TODO', title: 'alpha' },
      { status: 'TODO', title: 'Bravo' },
      { status: 'TODO', title: 'zulu' },
      { status: 'DOING', title: 'mike' },
      { status: 'DONE', title: 'alpha' },
      { status: 'ARCHIVE', title: 'Aardvark' },
    ]);
  });

  it('treats titles differing only in case as equal, so a stable sort keeps their order', () => {
    const first = { status: 'TODO' as const, title: 'Fix login', id: 1 };
    const second = { status: 'TODO' as const, title: 'fix LOGIN', id: 2 };
    expect(compareTasksForList(first, second)).toBe(0);
    expect([first, second].sort(compareTasksForList).map((t) => t.id)).toEqual([1, 2]);
  });
});
