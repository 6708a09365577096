import { figmaDoneReply } from '@figgle/shared/figma';
import type { AppDeps } from '../../../app.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';

type Deps = Pick<AppDeps, 'db' | 'env'> & { log: { warn(object: object, message: string): void } };

/**
 * "Back to Figma": when a task made from a Figma thread is DONE and its organization turned the
 * option on, Figgle replies once in the thread ('Done in Figgle: TRI-12'). The thread's root event is
 * claimed before the call (done_reply_at), so two servers or two updates never reply twice; a failed
 * call releases the claim and the next change to DONE tries again.
 */
export async function replyWhenDone(deps: Deps, taskId: string): Promise<boolean> {
  const { db } = deps;
  const task = await db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .innerJoin('organization', 'organization.organization_id', 'project.organization_id')
    .select([
      'task.status',
      'task.reference',
      'project.trigram',
      'project.organization_id',
      'organization.figma_reply_on_done',
    ])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirst();
  if (task?.status !== 'DONE' || !task.figma_reply_on_done) return false;

  const root = await db
    .updateTable('figma_event')
    .set({ done_reply_at: new Date() })
    .where('figma_event_id', '=', (eb) =>
      eb
        .selectFrom('figma_event')
        .select('figma_event_id')
        .where('task_id', '=', taskId)
        .where('organization_id', '=', task.organization_id)
        .where('kind', '!=', 'REPLY')
        .orderBy('created_at', 'asc')
        .limit(1),
    )
    .where('done_reply_at', 'is', null)
    .returning(['figma_event_id', 'figma_comment_id', 'figma_file_key'])
    .executeTakeFirst();
  if (!root) return false;

  const release = () =>
    db
      .updateTable('figma_event')
      .set({ done_reply_at: null })
      .where('figma_event_id', '=', root.figma_event_id)
      .execute();
  const token = await tokenOfOrganization(db, deps.env, task.organization_id);
  if (!token) {
    await release();
    return false;
  }
  try {
    await figmaClient(deps.env, token).postReply(
      root.figma_file_key,
      root.figma_comment_id,
      figmaDoneReply(task.trigram, task.reference),
    );
    return true;
  } catch (error) {
    await release();
    deps.log.warn(
      { taskId, reason: error instanceof Error ? error.message : String(error) },
      'Figma done reply failed',
    );
    return false;
  }
}
