import type { TaskSummaryView } from '@figgle/shared/task-schemas';

/** For tests: a person of a board (a uuid of their number). */
export const boardPerson = (n: number, firstname = `First${n}`) => ({
  user_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  firstname,
  lastname: `Last${n}`,
});

/**
 * For tests: task number `n` of project `projectId` as the list answers it, with every field of a
 * card set in some tasks and left empty in others, made `n` minutes after the first.
 */
export function boardTask(
  projectId: string,
  n: number,
  change: Partial<TaskSummaryView> = {},
): TaskSummaryView {
  const created = new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString();
  return {
    task_id: `0194a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    project_id: projectId,
    reference: n,
    title: `Task ${n}`,
    status: (['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const)[n % 4]!,
    rank: `a${n}`,
    assignee: n % 3 === 0 ? null : boardPerson(n % 2),
    due_on: n % 4 === 0 ? '2026-12-01' : null,
    due_at: n % 4 === 1 ? '2026-12-01T09:30:00.000Z' : null,
    start_date: null,
    priority: (['URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const)[n % 5]!,
    labels:
      n % 2 === 0 ? [{ label_id: '00000000-0000-4000-9000-000000000001', name: 'Bug', color: 'red' }] : [],
    checklist: { done: 0, total: n % 3 },
    parent_id: null,
    estimate: n % 2 === 0 ? '3' : null,
    cycle_id: null,
    subtasks: null,
    blocked_by: 0,
    last_modifier: boardPerson(0),
    comments_total: 0,
    author_id: boardPerson(0).user_id,
    author_name: 'First0 Last0',
    is_from_figma: false,
    design_status: null,
    version: 1,
    created_at: created,
    updated_at: created,
    ...change,
  };
}
