import { z } from 'zod';
import { publishAfterTransaction } from '../../commands/publish-after-commit.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { announceNotified, COMMENT_FAN_OUT_JOB, tellWatchersOfComment } from './commands/record.ts';

const payloadSchema = z.object({
  task_id: z.uuid(),
  actor_id: z.uuid().nullable(),
  commentId: z.uuid(),
  excerpt: z.string(),
  skip: z.array(z.uuid()),
});

/**
 * A comment on a task with many watchers (features/notifications/commands/record.ts): their notifications,
 * written in the same transaction that marks this job done, so each watcher is told exactly once
 * even when the server dies halfway. Read now: a task or comment deleted meanwhile tells nobody,
 * and only those still members of the organization are told.
 */
export const commentFanOutHandler: JobHandler = {
  kind: COMMENT_FAN_OUT_JOB,
  async run({ deps, job, completeIn }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored comment cannot be read.');
    const { task_id: taskId, actor_id: actorId, ...news } = payload.data;
    await publishAfterTransaction(
      deps,
      async (trx) => {
        const place = await trx
          .selectFrom('comment')
          .innerJoin('task', 'task.task_id', 'comment.task_id')
          .innerJoin('project', 'project.project_id', 'task.project_id')
          .select([
            'task.task_id as taskId',
            'task.project_id as projectId',
            'project.organization_id as organizationId',
          ])
          .where('comment.comment_id', '=', news.commentId)
          .where('comment.task_id', '=', taskId)
          .where('task.deleted_at', 'is', null)
          .where('project.deleted_at', 'is', null)
          .executeTakeFirst();
        const userIds = place ? await tellWatchersOfComment(trx, place, actorId, news) : [];
        await completeIn(trx);
        return place ? { ...place, actorId, userIds } : null;
      },
      (notified) => (notified ? announceNotified(notified) : null),
    );
  },
};
