import { z } from 'zod';
import { tellRadarOfFailure } from '../../jobs/handlers/tell-radar.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_REPLY_JOB } from '../../jobs/job-kinds.ts';
import { sendDoneReply } from './commands/reply-when-done.ts';

const payloadSchema = z.object({ task_id: z.uuid(), figma_event_id: z.uuid() });

export const figmaReplyHandler: JobHandler = {
  kind: FIGMA_REPLY_JOB,
  async run({ deps, job, completeIn }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored reply cannot be read.');
    await sendDoneReply(deps, {
      taskId: payload.data.task_id,
      figmaEventId: payload.data.figma_event_id,
      attempt: job.attempts,
      completeIn,
    });
  },
  failedForGood: tellRadarOfFailure,
};
