import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../../auth/current-user.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { lockTaskAndColumnFor } from '../access.ts';
import { rankAtEnd, rankAtIndex, rankFromNeighbours, stillBetween } from '../rank.ts';
import type { TaskChangeResult } from './update-task.ts';
import { type TaskChangeLog, writeTaskChange } from './write-task-change.ts';

/**
 * kanban-update: puts the task at `index` of the `status` column (index counted without the task;
 * null = the end of the column, or where it is when the status does not change). Status and rank
 * change together; a status change writes its log row. A reorder inside a column changes no field
 * a person follows, so it is logged nowhere, but it still bumps the version for live updates.
 *
 * Two statements, since a move is on every drag: lock the task and the target column (and read the
 * user's role and the ranks around the place), then writeTaskChange, on condition that no task came
 * between those ranks meanwhile. When one did (a concurrent move on PostgreSQL), or the ranks cannot
 * place it (index past the end, two equal ranks), the column is read again under the lock.
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

  const log: TaskChangeLog | null = statusChanges
    ? {
        type: 'STATUS',
        metadata: { status: { old: task.status, new: status } },
        organizationId: task.organization_id,
      }
    : null;
  const write = (rank: string, guard?: ReturnType<typeof stillBetween>) =>
    writeTaskChange(trx, {
      taskId,
      userId: user.user_id,
      assignments: [sql`status = ${status}`, sql`rank = ${rank}`],
      log,
      guard,
    });

  const placed = rankFromNeighbours(task.neighbour_ranks, index);
  if (placed) {
    const guard = stillBetween(task.project_id, status, taskId, placed.before, placed.after);
    const summary = await write(placed.rank, guard);
    if (summary !== undefined) return { ...result, changed: true, summary };
  }
  const rank =
    index === null
      ? await rankAtEnd(trx, task.project_id, status, taskId)
      : await rankAtIndex(trx, task.project_id, status, index, taskId);
  return { ...result, changed: true, summary: await write(rank) };
}
