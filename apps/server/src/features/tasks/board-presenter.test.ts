// @database pglite
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { describe, expect, it } from 'vitest';
import { boardPerson, boardTask } from './board-fixture.ts';
import { patchBoard, presentBoard, presentBoardInCreationOrder } from './board-presenter.ts';

const PROJECT = '0194a000-0000-7000-8000-0000000000cc';
const tasksOf = (count: number) => Array.from({ length: count }, (_, i) => boardTask(PROJECT, i + 1));

/** The tasks with those at `changes`' places changed so, and the board patched from `tasks`' board. */
function patched(
  tasks: readonly TaskSummaryView[],
  changes: Partial<Record<number, Partial<TaskSummaryView>>>,
) {
  const before = presentBoardInCreationOrder(PROJECT, tasks);
  const after = tasks.map((task, at) => (changes[at] ? { ...task, ...changes[at] } : task));
  const places = Object.keys(changes).map(Number);
  return { after, board: patchBoard(PROJECT, before, after, places), before };
}

describe('patchBoard', () => {
  it('gives the board the presenter gives, after changes of a task’s own values', () => {
    const tasks = tasksOf(30);
    const cases: Array<Partial<Record<number, Partial<TaskSummaryView>>>> = [
      { 4: { status: 'DONE' as const, rank: 'b', version: 2, updated_at: '2026-11-03T10:00:00.000Z' } },
      { 0: { title: 'Renamed', version: 3 }, 29: { priority: 'URGENT' as const } },
      { 7: { due_on: null, due_at: '2026-12-24T18:00:00.000Z', estimate: null, blocked_by: 2 } },
      { 3: { subtasks: { done: 1, total: 4 }, comments_total: 5, is_from_figma: true } },
      { 9: { design_status: 'COMPLETED' as const, checklist: { done: 2, total: 2 }, cycle_id: PROJECT } },
    ];
    for (const changes of cases) {
      const { after, board } = patched(tasks, changes);
      expect(board).toBeDefined();
      expect(JSON.stringify(board!.view)).toBe(JSON.stringify(presentBoard(PROJECT, after)));
    }
  });

  it('copies only the columns whose values changed, and keeps a column left out while it is all defaults', () => {
    const tasks = tasksOf(30).map((task) => ({ ...task, estimate: null }));
    const { board, before } = patched(tasks, { 5: { rank: 'zz', version: 2 } });
    expect(board!.columns.title).toBe(before.columns.title);
    expect(board!.columns.rank).not.toBe(before.columns.rank);
    expect('estimate' in board!.view.tasks).toBe(false);
    // The first estimate on the board brings its column in; taking it off leaves it out again.
    const { after, board: estimated } = patched(tasks, { 5: { estimate: '8' } });
    expect(JSON.stringify(estimated!.view)).toBe(JSON.stringify(presentBoard(PROJECT, after)));
    expect('estimate' in estimated!.view.tasks).toBe(true);
    const back = patchBoard(PROJECT, estimated!, tasks, [5]);
    expect(JSON.stringify(back!.view)).toBe(JSON.stringify(presentBoard(PROJECT, tasks)));
  });

  it('names the people again when a change names another person, or spells one otherwise', () => {
    const tasks = tasksOf(12);
    for (const changes of [
      // Another person moved it: a new modifier, the first on the board to name them.
      { 6: { last_modifier: boardPerson(5, 'Mover'), version: 2 } },
      { 0: { assignee: null }, 6: { assignee: boardPerson(0) } },
      { 6: { last_modifier: boardPerson(0, 'Renamed') } },
      { 6: { author_id: boardPerson(3).user_id, author_name: 'Someone Else' } },
    ]) {
      const { after, board } = patched(tasks, changes);
      expect(board).toBeDefined();
      expect(JSON.stringify(board!.view)).toBe(JSON.stringify(presentBoard(PROJECT, after)));
    }
  });

  it('leaves to the presenter a change of labels, parent, place or a status of the project’s own', () => {
    const tasks = tasksOf(12);
    for (const change of [
      {
        labels: [{ label_id: '00000000-0000-4000-9000-000000000002', name: 'Later', color: 'blue' as const }],
      },
      { parent_id: tasks[0]!.task_id },
      { created_at: '2027-01-01T00:00:00.000Z' },
      { status: 'QA' as TaskSummaryView['status'] },
    ]) {
      expect(patched(tasks, { 6: change }).board).toBeUndefined();
    }
    expect(
      patchBoard(PROJECT, presentBoardInCreationOrder(PROJECT, tasks), tasks.slice(1), []),
    ).toBeUndefined();
  });
});
