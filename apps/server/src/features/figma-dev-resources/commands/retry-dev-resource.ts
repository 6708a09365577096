import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import type { DevResourceRow } from '../queries.ts';

/**
 * "Try again" on a link Figma refused: the link is pending again and its job stored again (the same
 * function migration 0029's triggers call), in one transaction.
 */
export async function retryDevResource(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, nodeLinkId }: { taskId: string; nodeLinkId: string },
): Promise<DevResourceRow> {
  const place = await authorizeOnTask(db, user, 'task.update', taskId);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const row = await trx
        .updateTable('task_figma_node')
        .set({ dev_resource_state: 'pending', dev_resource_error: null })
        .where('task_figma_node_id', '=', nodeLinkId)
        .where('task_id', '=', taskId)
        .returning([
          'task_figma_node_id',
          'dev_resource_state',
          'dev_resource_error',
          'organization_id',
          'file_key',
          'node_id',
        ])
        .executeTakeFirst();
      if (!row) throw notFound('Figma link');
      await sql`SELECT figgle_enqueue_dev_resource(${row.organization_id}::uuid, ${taskId}::uuid,
          ${row.file_key}, ${row.node_id})`.execute(trx);
      return row;
    },
    () => ({
      event: {
        kind: 'task',
        action: 'updated',
        id: taskId,
        taskId,
        projectId: place.projectId,
        organizationId: place.organizationId,
        actorId: user.user_id,
      },
    }),
  );
}
