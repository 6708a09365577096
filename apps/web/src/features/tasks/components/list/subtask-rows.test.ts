import { describe, expect, it } from 'vitest';
import { listRows, searchWithSubtaskView, subtaskViewFrom } from './subtask-rows';

const task = (task_id: string, parent_id: string | null = null) => ({ task_id, parent_id });
const NONE: ReadonlySet<string> = new Set();

/** Each row as "id@depth", with + for a collapsed parent and ^ for a sub-task without its parent. */
const drawn = (rows: ReturnType<typeof listRows<ReturnType<typeof task>>>) =>
  rows.map((row) => `${row.task.task_id}@${row.depth}${row.collapsed ? '+' : ''}${row.detached ? '^' : ''}`);

describe('listRows', () => {
  // Sorted as the list sorts them: the sub-tasks come before their parent here on purpose.
  const tasks = [
    task('pay', 'web1'),
    task('web1'),
    task('form', 'web1'),
    task('field', 'form'),
    task('mobile', 'mob1'),
    task('solo'),
  ];

  it('flat: every task a top-level row, in the order given', () => {
    expect(drawn(listRows(tasks, 'flat', NONE))).toEqual([
      'pay@0',
      'web1@0',
      'form@0',
      'field@0',
      'mobile@0',
      'solo@0',
    ]);
  });

  it('nested: each parent followed by its sub-tasks in the order given, at any depth', () => {
    const rows = listRows(tasks, 'nested', NONE);
    expect(drawn(rows)).toEqual(['web1@0', 'pay@1', 'form@1', 'field@2', 'mobile@0^', 'solo@0']);
    expect(rows.find((row) => row.task.task_id === 'web1')?.children).toBe(2);
    expect(rows.find((row) => row.task.task_id === 'form')?.children).toBe(1);
  });

  it('a collapsed parent hides its sub-tasks and theirs', () => {
    expect(drawn(listRows(tasks, 'nested', new Set(['web1'])))).toEqual(['web1@0+', 'mobile@0^', 'solo@0']);
    expect(drawn(listRows(tasks, 'nested', new Set(['form'])))).toEqual([
      'web1@0',
      'pay@1',
      'form@1+',
      'mobile@0^',
      'solo@0',
    ]);
  });

  it('a sub-task whose parent is filtered out stays at the top level, marked', () => {
    const shown = tasks.filter((row) => row.task_id !== 'web1');
    expect(drawn(listRows(shown, 'nested', NONE))).toEqual([
      'pay@0^',
      'form@0^',
      'field@1',
      'mobile@0^',
      'solo@0',
    ]);
  });

  it('a collapsed task without sub-tasks in view is not drawn collapsed', () => {
    expect(drawn(listRows([task('solo')], 'nested', new Set(['solo'])))).toEqual(['solo@0']);
  });

  it('tasks that are each other’s parent (a stale copy) are all still drawn', () => {
    const loop = [task('a', 'b'), task('b', 'a'), task('c')];
    expect(drawn(listRows(loop, 'nested', NONE))).toEqual(['c@0', 'a@0^', 'b@1']);
  });

  it('groups 1,000 tasks in a few milliseconds', () => {
    const many = Array.from({ length: 1000 }, (_, index) =>
      task(`t${index}`, index % 3 === 0 || index < 100 ? null : `t${index % 100}`),
    );
    const started = performance.now();
    const rows = listRows(many, 'nested', NONE);
    expect(performance.now() - started).toBeLessThan(50);
    expect(rows).toHaveLength(1000);
  });
});

describe('the sub-task view in the address', () => {
  it('is flat unless ?subtasks=nested, and writes nothing for flat', () => {
    expect(subtaskViewFrom(new URLSearchParams('subtasks=nested'))).toBe('nested');
    expect(subtaskViewFrom(new URLSearchParams('subtasks=tree'))).toBe('flat');
    expect(subtaskViewFrom(new URLSearchParams())).toBe('flat');
    const nested = searchWithSubtaskView(new URLSearchParams('sort=due&status=TODO'), 'nested');
    expect(nested.toString()).toBe('sort=due&status=TODO&subtasks=nested');
    expect(searchWithSubtaskView(nested, 'flat').toString()).toBe('sort=due&status=TODO');
  });
});
