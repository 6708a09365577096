import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import { announceLinkChange } from './task-figma-node-writes.ts';

/** Removes one Figma link of a task, whichever way it came. */
export async function unlinkFigmaNode(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, nodeLinkId }: { taskId: string; nodeLinkId: string },
): Promise<void> {
  const place = await authorizeOnTask(db, user, 'task.update', taskId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, taskId, user.user_id);
      const deleted = await trx
        .deleteFrom('task_figma_node')
        .where('task_figma_node_id', '=', nodeLinkId)
        .where('task_id', '=', taskId)
        .returning('task_figma_node_id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Figma link');
    },
    () => announceLinkChange({ ...place, taskId }, user.user_id),
  );
}
