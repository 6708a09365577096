import { parseFigmaNodeUrl } from '@figgle/shared/figma';
import { TASK_FIGMA_NODES_MAX } from '@figgle/shared/figma-node-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import { figmaNodesOfTask, type TaskFigmaNodeRow } from '../queries.ts';
import { announceLinkChange, insertTaskFigmaNode } from './task-figma-node-writes.ts';

const NOT_A_NODE_LINK =
  'This is not a link to a frame or layer in Figma: in Figma, select it and use "Copy link to selection".';

/** Links the node of a pasted Figma link to a task (source 'link'). */
export async function linkFigmaNode(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, url }: { taskId: string; url: string },
): Promise<TaskFigmaNodeRow> {
  const place = await authorizeOnTask(db, user, 'task.update', taskId);
  const node = parseFigmaNodeUrl(url);
  if (!node) throw badRequest(NOT_A_NODE_LINK, [{ path: 'body.url', message: 'is not a Figma node link' }]);

  const linkId = await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, taskId, user.user_id);
      const { count } = await trx
        .selectFrom('task_figma_node')
        .select(sql<string>`count(*)`.as('count'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= TASK_FIGMA_NODES_MAX) {
        throw badRequest(`A task links at most ${TASK_FIGMA_NODES_MAX} Figma designs.`, [
          { path: 'body.url', message: 'the task links as many designs as it can' },
        ]);
      }
      const inserted = await insertTaskFigmaNode(trx, {
        taskId,
        organizationId: place.organizationId,
        fileKey: node.fileKey,
        nodeId: node.nodeId,
        source: 'link',
        createdBy: user.user_id,
      });
      if (!inserted) throw conflict('This task already links that Figma design.');
      return inserted.task_figma_node_id;
    },
    () => announceLinkChange({ ...place, taskId }, user.user_id),
  );
  const row = (await figmaNodesOfTask(db, taskId)).find((link) => link.task_figma_node_id === linkId);
  if (!row) throw new Error('The new Figma link cannot be read back');
  return row;
}
