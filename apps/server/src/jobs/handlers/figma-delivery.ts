import { recordFileComment } from '../../features/figma-webhook/commands/record-file-comment.ts';
import { fileCommentSchema } from '../../figma/webhook-delivery.ts';
import { DeferJob, PermanentJobError } from '../job-errors.ts';
import type { JobHandler } from '../job-handler.ts';
import { jobUnfinished } from '../job-queue.ts';
import { tellRadarOfFailure } from './tell-radar.ts';

/** A FILE_COMMENT delivery from Figma, stored by the webhook before it answered. */
export const FIGMA_DELIVERY_JOB = 'figma_delivery';

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
