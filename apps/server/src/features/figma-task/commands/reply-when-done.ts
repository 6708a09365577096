import { figmaDoneReply } from '@figgle/shared/figma';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { Database } from '../../../db/schema.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';
import { PermanentJobError } from '../../../jobs/job-errors.ts';

type Deps = Pick<AppDeps, 'db' | 'env'>;

export interface DoneReplyJob {
  taskId: string;
  figmaEventId: string;
  /** 1 for the first try. */
  attempt: number;
  /** Marks the job done in the transaction that records the reply. */
  completeIn(trx: Transaction<Database>): Promise<void>;
}

export type DoneReplyOutcome = 'sent' | 'found' | 'not_needed';

/**
 * "Back to Figma": when a task made from a Figma thread becomes DONE and its organization turned the
 * option on, Figgle replies once in the thread ('Done in Figgle: TRI-12'). The job was stored with the
 * status change (a trigger of migration 0008); this sends it. A task no longer DONE, or an option
 * turned off since, sends nothing. Before trying again, the thread is read: a try cut short after
 * Figma took the reply (a crash, a lost answer) must not post it twice.
 */
export async function sendDoneReply(deps: Deps, job: DoneReplyJob): Promise<DoneReplyOutcome> {
  const { db } = deps;
  const task = await db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .innerJoin('organization', 'organization.organization_id', 'project.organization_id')
    .select([
      'task.status_category',
      'task.reference',
      'project.trigram',
      'project.organization_id',
      'organization.figma_reply_on_done',
    ])
    .where('task.task_id', '=', job.taskId)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirst();
  const root = task
    ? await db
        .selectFrom('figma_event')
        .select(['figma_event_id', 'figma_comment_id', 'figma_file_key', 'done_reply_at'])
        .where('figma_event_id', '=', job.figmaEventId)
        .where('organization_id', '=', task.organization_id)
        .executeTakeFirst()
    : undefined;
  // Done is a category (migration 0037): a project's own "Shipped" of the Done category counts.
  if (task?.status_category !== 'done' || !task.figma_reply_on_done || !root || root.done_reply_at) {
    return 'not_needed';
  }

  const token = await tokenOfOrganization(db, deps.env, task.organization_id);
  if (!token) {
    throw new PermanentJobError(
      'No owner of this organization has a Figma token saved: the reply could not be sent.',
    );
  }
  const figma = figmaClient(deps.env, token);
  const message = figmaDoneReply(task.trigram, task.reference);
  const alreadyThere =
    job.attempt > 1 &&
    (await figma.getComments(root.figma_file_key)).some(
      (comment) => comment.parent_id === root.figma_comment_id && comment.message === message,
    );
  if (!alreadyThere) await figma.postReply(root.figma_file_key, root.figma_comment_id, message);

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('figma_event')
      .set({ done_reply_at: new Date() })
      .where('figma_event_id', '=', root.figma_event_id)
      .execute();
    await job.completeIn(trx);
  });
  return alreadyThere ? 'found' : 'sent';
}
