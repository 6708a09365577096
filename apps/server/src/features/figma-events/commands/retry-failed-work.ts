import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import {
  FIGMA_DELIVERY_JOB,
  FIGMA_DESIGN_CHANGE_JOB,
  FIGMA_DEV_RESOURCE_JOB,
  FIGMA_DEV_STATUS_JOB,
  FIGMA_DEV_STATUS_READ_JOB,
  FIGMA_REPLY_JOB,
} from '../../../jobs/job-kinds.ts';
import { wakeWorkers } from '../../../jobs/wake.ts';
import { authorize } from '../../../policies/authorize.ts';

type Deps = Pick<AppDeps, 'db' | 'bus'>;

/**
 * The Figma work the radar lists when it failed for good, and may try again: what Figma sent (comments,
 * new versions, Dev Mode statuses) and what Figgle writes to Figma (replies, dev resources). The
 * 10-minute scan of dev resources is left out: it runs again on its own.
 */
export const FAILED_FIGMA_JOB_KINDS = [
  FIGMA_DELIVERY_JOB,
  FIGMA_REPLY_JOB,
  FIGMA_DESIGN_CHANGE_JOB,
  FIGMA_DEV_STATUS_JOB,
  FIGMA_DEV_STATUS_READ_JOB,
  FIGMA_DEV_RESOURCE_JOB,
];

/**
 * "Try again" on Figma work that failed for good (once the token or the file is fixed):
 * the job is due again at once, with its tries counted from zero. A member may do it, as they may make
 * a task from a Figma event.
 */
export async function retryFailedFigmaWork(
  { db, bus }: Deps,
  user: CurrentUser,
  { jobId }: { jobId: string },
): Promise<void> {
  const job = await db
    .selectFrom('job')
    .select(['organization_id', 'state'])
    .where('job_id', '=', jobId)
    .where('kind', 'in', FAILED_FIGMA_JOB_KINDS)
    .executeTakeFirst();
  if (!job?.organization_id) throw notFound('Failed Figma delivery');
  await authorize(db, user, 'figmaEvent.createTask', job.organization_id, 'Failed Figma delivery');
  const organizationId = job.organization_id;
  await publishAfterCommit(
    bus,
    async () => {
      const retried = await db
        .updateTable('job')
        .set({
          state: 'pending',
          attempts: 0,
          run_at: new Date(),
          finished_at: null,
          locked_by: null,
          locked_until: null,
        })
        .where('job_id', '=', jobId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (Number(retried.numUpdatedRows) === 0)
        throw conflict('This Figma delivery is already being tried again.');
      wakeWorkers(db);
    },
    () => ({
      event: { kind: 'figma_event', action: 'updated', id: jobId, organizationId, actorId: user.user_id },
    }),
  );
}
