import { generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { logRow } from '../../../commands/log-rows.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import type { Database, TaskStatus } from '../../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../../http/errors.ts';
import { authorizeFound } from '../../../policies/authorize.ts';
import { lockColumn } from '../../tasks/commands/column-lock.ts';
import { placeOfStatus } from '../queries.ts';
import { lockedStatusesOf } from './status-rules.ts';

/**
 * Removes a status. Its tasks (those in the trash too) move to `moveTo`, another status of the
 * project, at the end of its column in their order, each with a STATUS line in its change log; a
 * status that tasks use and no `moveTo` is a 400 that says how many, and changes nothing. The last
 * status of a project stays. Returns how many tasks moved.
 */
export async function deleteProjectStatus(
  { db, bus, clock }: Pick<AppDeps, 'db' | 'bus' | 'clock'>,
  user: CurrentUser,
  { statusId, moveTo }: { statusId: string; moveTo: string | undefined },
): Promise<number> {
  const place = await authorizeFound(db, user, 'project.update', await placeOfStatus(db, statusId), 'Status');
  const projectId = place.project_id;
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const statuses = await lockedStatusesOf(trx, projectId);
      const removed = statuses.find((status) => status.status_id === statusId);
      if (!removed) throw notFound('Status');
      if (statuses.length === 1) throw badRequest('A project keeps at least one status.');
      const { count } = await trx
        .selectFrom('task')
        .select(sql<number>`count(*)::integer`.as('count'))
        .where('project_id', '=', projectId)
        .where('status', '=', removed.key as TaskStatus)
        .executeTakeFirstOrThrow();
      if (count > 0 && moveTo === undefined) {
        throw new HttpError(
          400,
          'status_in_use',
          `${count} ${count === 1 ? 'task is' : 'tasks are'} in "${removed.name}": say which status they move to (move_to).`,
        );
      }
      if (count > 0 && moveTo !== undefined) {
        const target = statuses.find((status) => status.status_id === moveTo);
        if (!target || target.status_id === statusId) {
          throw badRequest('The tasks must move to another status of the same project.');
        }
        await moveTasks(trx, {
          projectId,
          from: removed.key,
          to: target.key,
          userId: user.user_id,
          organizationId: place.organization_id,
          now: clock.now(),
        });
      }
      await trx
        .updateTable('project')
        .set({ figma_ready_status: null })
        .where('project_id', '=', projectId)
        .where('figma_ready_status', '=', removed.key)
        .execute();
      await trx.deleteFrom('project_status').where('status_id', '=', statusId).execute();
      return count;
    },
    () => projectChanged('updated', place.organization_id, projectId, user.user_id),
  );
}

async function moveTasks(
  trx: Kysely<Database>,
  move: { projectId: string; from: string; to: string; userId: string; organizationId: string; now: Date },
): Promise<void> {
  const { projectId, from, to } = move;
  // Both columns locked in one order, as figgle_change_task and insertTask take them one at a time.
  for (const status of [from, to].sort()) await lockColumn(trx, projectId, status as TaskStatus);
  const { rows: last } = await sql<{ rank: string | null }>`
    SELECT max(rank) AS rank FROM task
    WHERE project_id = ${projectId} AND status = ${to} AND deleted_at IS NULL
  `.execute(trx);
  const live = await trx
    .selectFrom('task')
    .select('task_id')
    .where('project_id', '=', projectId)
    .where('status', '=', from as TaskStatus)
    .where('deleted_at', 'is', null)
    .orderBy('rank')
    .orderBy('task_id')
    .execute();
  const ranks = generateNKeysBetween(last[0]?.rank ?? null, null, live.length);
  for (const [index, task] of live.entries()) {
    await trx
      .updateTable('task')
      .set((eb) => ({
        status: to as TaskStatus,
        rank: ranks[index]!,
        version: eb('version', '+', 1),
        updated_at: move.now,
        last_modified_by: move.userId,
      }))
      .where('task_id', '=', task.task_id)
      .execute();
  }
  if (live.length > 0) {
    await trx
      .insertInto('log')
      .values(
        live.map((task) =>
          logRow(
            { taskId: task.task_id, projectId, organizationId: move.organizationId },
            move.userId,
            'STATUS',
            { status: { old: from, new: to } },
          ),
        ),
      )
      .execute();
  }
  // Tasks in the trash take the new status too, so a restored task has a status of its project.
  await trx
    .updateTable('task')
    .set({ status: to as TaskStatus })
    .where('project_id', '=', projectId)
    .where('status', '=', from as TaskStatus)
    .where('deleted_at', 'is not', null)
    .execute();
}
