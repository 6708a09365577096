import { fileCommentSchema } from '../../figma/webhook-delivery.ts';
import { tellRadarOfFailure } from '../../jobs/handlers/tell-radar.ts';
import { DeferJob, PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DELIVERY_JOB } from '../../jobs/job-kinds.ts';
import { jobUnfinished } from '../../jobs/job-queue.ts';
import { recordFileComment } from './commands/record-file-comment.ts';

/** How soon a reply waiting for its thread's root looks again. */
const ROOT_WAIT_MS = 1_000;

export const figmaDeliveryHandler: JobHandler = {
  kind: FIGMA_DELIVERY_JOB,
  async run({ deps, job, completeIn }) {
    const delivery = fileCommentSchema.safeParse(job.payload);
    if (!delivery.success || !job.organizationId) {
      throw new PermanentJobError('The stored delivery cannot be read.');
    }
    // A reply must find the task its root became: while the root is still being processed (it waits
    // for Figma), the reply waits for it.
    const parentId = delivery.data.parent_id;
    if (parentId && (await jobUnfinished(deps.db, FIGMA_DELIVERY_JOB, job.organizationId, parentId))) {
      throw new DeferJob(ROOT_WAIT_MS, 'waiting for the root comment of its thread');
    }
    await recordFileComment(deps, job.organizationId, delivery.data, { alsoInTransaction: completeIn });
  },
  failedForGood: tellRadarOfFailure,
};
