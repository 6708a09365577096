import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { allowRole, roleIn } from '../../../policies/authorize.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { announceChange, type ChangedTask } from './change-task.ts';

/**
 * PUT /api/tasks/:taskId/subtask-position: the sub-task goes to `index` among its parent's live
 * sub-tasks (counted without it; past the end: last), and they are numbered again from 1 in that
 * order (migration 0024), in one statement. It takes the organization's task-tree lock, as a parent
 * change does, so a sub-task placed meanwhile is numbered too. A task without a parent is a 400. The
 * parent's version goes up and its event is published: its page lists the new order.
 */
export async function moveSubtask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, index }: { taskId: string; index: number },
): Promise<ChangedTask | null> {
  return publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const task = await trx
          .selectFrom('task')
          .innerJoin('project', 'project.project_id', 'task.project_id')
          .select(['task.parent_id', 'project.organization_id'])
          .where('task.task_id', '=', taskId)
          .where('task.deleted_at', 'is', null)
          .where('project.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!task) throw notFound('Task');
        allowRole(await roleIn(trx, user.user_id, task.organization_id), 'task.update', 'Task');
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-tree:${task.organization_id}`}, 0))`.execute(
          trx,
        );
        const parentId = (
          await trx.selectFrom('task').select('parent_id').where('task_id', '=', taskId).executeTakeFirst()
        )?.parent_id;
        if (!parentId)
          throw badRequest('Only a sub-task has a place among sub-tasks.', [
            { path: 'taskId', message: 'is not a sub-task' },
          ]);
        const siblings = await trx
          .selectFrom('task')
          .select('task_id')
          .where('parent_id', '=', parentId)
          .where('deleted_at', 'is', null)
          .where('task_id', '!=', taskId)
          .orderBy(sql`subtask_position NULLS LAST`)
          .orderBy('created_at')
          .orderBy('task_id')
          .execute();
        const order = siblings.map((sibling) => sibling.task_id);
        order.splice(Math.min(index, order.length), 0, taskId);
        await sql`
          UPDATE task SET subtask_position = placed.position
          FROM unnest(${order}::uuid[]) WITH ORDINALITY AS placed (task_id, position)
          WHERE task.task_id = placed.task_id AND task.subtask_position IS DISTINCT FROM placed.position
        `.execute(trx);
        const { rows } = await sql<{ body: string; project_id: string; status: ChangedTask['status'] }>`
          UPDATE task SET version = version + 1, updated_at = now(), last_modified_by = ${user.user_id}
          WHERE task_id = ${parentId}
          RETURNING project_id, status, (
            SELECT ${taskSummaryJson}::text FROM task ${TASK_PEOPLE} WHERE task.task_id = ${parentId}
          ) AS body
        `.execute(trx);
        const parent = rows[0];
        if (!parent) return null;
        return {
          taskId: parentId,
          projectId: parent.project_id,
          organizationId: task.organization_id,
          status: parent.status,
          changed: true,
          summary: parent.body,
        };
      }),
    (parent) => (parent ? announceChange(parent, user.user_id) : null),
  );
}
