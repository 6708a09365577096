import type { UpdateTaskInput } from '@figgle/shared/task-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { announceTold } from '../../notifications/commands/record.ts';
import { announceUnblocked } from '../../notifications/commands/record-unblocked.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { announceChange, type ChangedTask, changeTask, type TaskChange } from './change-task.ts';
import { writeTaskEstimate } from './task-estimate.ts';

/**
 * PATCH of a task's title, status, assignee, due date, start date, priority or estimate: one log row carrying
 * the old and new value of each changed field (the estimate its own ESTIMATE row), a new version,
 * updated_at and last_modifier. A task whose status changes goes to the end of its new column.
 * Values already the task's change nothing.
 */
export async function updateTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, changes }: { taskId: string; changes: UpdateTaskInput },
): Promise<ChangedTask> {
  const { estimate, ...fields } = changes;
  const change: TaskChange = {
    title: fields.title,
    status: fields.status,
    assigneeId: fields.assignee_id,
    dueOn: fields.due_on,
    dueAt: fields.due_at,
    startDate: fields.start_date,
    priority: fields.priority,
  };
  const task = await publishAfterCommit(
    bus,
    () =>
      estimate === undefined
        ? changeTask(db, user, taskId, change, 'task.update')
        : changeWithEstimate(db, user, taskId, change, estimate),
    (task) => [...announceChange(task, user.user_id), ...announceTold(task.told, [task], user.user_id)],
  );
  await announceUnblocked({ db, bus }, task, user.user_id);
  return task;
}

/**
 * The one-statement change (when the PATCH has other fields) and then the estimate, in one
 * transaction: an estimate outside the project's scale rolls back the whole PATCH. The change goes
 * first so its locks are taken in the order every other change takes them (column, then task).
 */
function changeWithEstimate(
  db: AppDeps['db'],
  user: CurrentUser,
  taskId: string,
  change: TaskChange,
  estimate: string | null,
): Promise<ChangedTask> {
  const others = Object.values(change).some((value) => value !== undefined);
  return db.transaction().execute(async (trx) => {
    const first = others ? await changeTask(trx, user, taskId, change, 'task.update') : null;
    const written = await writeTaskEstimate(trx, user, taskId, estimate, !first?.changed);
    if (first && !written.changed) return first;
    const { rows } = await sql<{ body: string }>`
      SELECT ${taskSummaryJson}::text AS body FROM task ${TASK_PEOPLE} WHERE task.task_id = ${taskId}
    `.execute(trx);
    return {
      taskId,
      projectId: written.projectId,
      organizationId: written.organizationId,
      status: written.status,
      changed: written.changed || first?.changed === true,
      summary: rows[0]!.body,
      // A status change in the same PATCH still tells the parent and the tasks it blocks.
      dependents: first?.dependents ?? null,
      told: first?.told ?? [],
    };
  });
}
