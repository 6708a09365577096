import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { describe, expect, it } from 'vitest';
import { changedTasksMessage, undoGroups } from './bulk-undo';

const ada = { user_id: '00000000-0000-4000-8000-00000000000a', firstname: 'Ada', lastname: 'L' };

function task(id: string, fields: Partial<TaskSummaryView>): TaskSummaryView {
  return {
    task_id: id,
    status: 'TODO',
    priority: 'NONE',
    assignee: null,
    due_on: null,
    due_at: null,
    ...fields,
  } as TaskSummaryView;
}

describe('undoGroups', () => {
  it('groups the tasks by the value they held, one group per value', () => {
    const tasks = [task('1', { assignee: ada }), task('2', {}), task('3', { assignee: ada })];
    expect(undoGroups(tasks, 'assignee')).toEqual([
      { task_ids: ['1', '3'], changes: { assignee_id: ada.user_id } },
      { task_ids: ['2'], changes: { assignee_id: null } },
    ]);
  });

  it('puts back a due time as a time and a due day as a day', () => {
    const tasks = [
      task('1', { due_at: '2026-12-01T09:00:00.000Z' }),
      task('2', { due_on: '2026-12-24' }),
      task('3', {}),
    ];
    expect(undoGroups(tasks, 'due').map((group) => group.changes)).toEqual([
      { due_at: '2026-12-01T09:00:00.000Z' },
      { due_on: '2026-12-24' },
      { due_on: null },
    ]);
  });

  it('puts back each task in the cycle it was in, or in none', () => {
    const cycle = '00000000-0000-4000-8000-0000000000c1';
    const tasks = [
      task('1', { cycle_id: cycle }),
      task('2', { cycle_id: null }),
      task('3', { cycle_id: cycle }),
    ];
    expect(undoGroups(tasks, 'cycle')).toEqual([
      { task_ids: ['1', '3'], changes: { cycle_id: cycle } },
      { task_ids: ['2'], changes: { cycle_id: null } },
    ]);
  });
});

describe('undoGroups of the fields added with labels and moves', () => {
  const urgent = { label_id: '00000000-0000-4000-8000-0000000000a1', name: 'Urgent', color: 'red' };
  it("puts back each task's own labels, estimate and custom value", () => {
    const tasks = [
      task('1', { labels: [urgent], estimate: '3' } as Partial<TaskSummaryView>),
      task('2', { labels: [], estimate: null } as Partial<TaskSummaryView>),
    ];
    expect(undoGroups(tasks, 'labels').map((group) => group.changes)).toEqual([
      { label_ids: [urgent.label_id] },
      { label_ids: [] },
    ]);
    expect(undoGroups(tasks, 'estimate').map((group) => group.changes)).toEqual([
      { estimate: '3' },
      { estimate: null },
    ]);
    const values = new Map([['1', 'ios']]);
    const field = { fieldId: 'f', valueOf: (taskId: string) => values.get(taskId) ?? null };
    expect(undoGroups(tasks, field)).toEqual([
      { task_ids: ['1'], changes: { custom_value: { field_id: 'f', value: 'ios' } } },
      { task_ids: ['2'], changes: { custom_value: { field_id: 'f', value: null } } },
    ]);
  });

  it('moves each task back to its project, in the status it had there', () => {
    const tasks = [
      task('1', { project_id: 'p1', status: 'WAITING' }),
      task('2', { project_id: 'p1', status: 'TODO' }),
      task('3', { project_id: 'p1', status: 'WAITING' }),
    ];
    expect(undoGroups(tasks, 'project')).toEqual([
      { task_ids: ['1', '3'], changes: { project_id: 'p1', status: 'WAITING' } },
      { task_ids: ['2'], changes: { project_id: 'p1', status: 'TODO' } },
    ]);
  });
});

describe('changedTasksMessage', () => {
  it('counts in words', () => {
    expect(changedTasksMessage(1)).toBe('Changed 1 task');
    expect(changedTasksMessage(2400)).toBe('Changed 2,400 tasks');
  });
});
