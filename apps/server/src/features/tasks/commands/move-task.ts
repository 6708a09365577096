import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { rolesAllowedTo } from '../../../policies/can.ts';
import { lockTaskAndColumnFor } from '../access.ts';
import { placeInColumn } from '../rank.ts';
import { changeInOneStatement } from './one-statement-change.ts';
import type { TaskChangeResult } from './types.ts';
import { writeTaskChange } from './write-task-change.ts';

/**
 * kanban-update: puts the task at `index` of the `status` column (index counted without the task;
 * null = the end of the column, or where it is when the status does not change). Status and rank
 * change together; a status change writes its log row. A reorder inside a column changes no field
 * a person follows, so it is logged nowhere, but it still bumps the version for live updates.
 *
 * Two statements, since a move is on every drag: lock the task and the target column (and read the
 * user's role and the ranks around the place), then writeTaskChange (rank.ts placeInColumn).
 */
export async function moveTask(
  trx: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  index: number | null,
): Promise<TaskChangeResult> {
  const task = await lockTaskAndColumnFor(trx, user, taskId, status, index, 'task.update');
  const result = { taskId, projectId: task.project_id, organizationId: task.organization_id, status };
  const statusChanges = status !== task.status;
  if (index === null && !statusChanges) return { ...result, changed: false };

  const summary = await placeInColumn(trx, task, status, index, (rank, guard) =>
    writeTaskChange(trx, {
      taskId,
      userId: user.user_id,
      assignments: [sql`status = ${status}`, sql`rank = ${rank}`],
      log: statusChanges
        ? {
            type: 'STATUS',
            metadata: { status: { old: task.status, new: status } },
            organizationId: task.organization_id,
          }
        : null,
      guard,
    }),
  );
  return { ...result, changed: true, summary };
}

/**
 * kanban-update in one statement (db/migrations/0004_move_task_function.ts figgle_move_task), as
 * moveTask does it: lock, neighbours, rank, write and log row, with no BEGIN and COMMIT around it.
 * Null when the function moved nothing (no such task for the user, a move that changes nothing, an
 * index past the end, two tasks sharing a rank): moveTask then decides, in a transaction of its own.
 */
export async function moveTaskInOneStatement(
  db: Kysely<Database>,
  user: CurrentUser,
  taskId: string,
  status: TaskStatus,
  index: number | null,
): Promise<TaskChangeResult | null> {
  const roles = rolesAllowedTo('task.update');
  return changeInOneStatement(
    db,
    taskId,
    sql`figgle_move_task(${taskId}, ${user.user_id}, ${status}, ${index}::integer, ${roles}::text[], ${new Date()})`,
  );
}
