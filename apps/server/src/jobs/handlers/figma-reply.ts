import { z } from 'zod';
import { sendDoneReply } from '../../features/figma-task/commands/reply-when-done.ts';
import { PermanentJobError } from '../job-errors.ts';
import type { JobHandler } from '../job-handler.ts';
import { tellRadarOfFailure } from './tell-radar.ts';

/** "Done in Figgle" in a Figma thread; stored by the trigger of migration 0008 when a task becomes DONE. */
export const FIGMA_REPLY_JOB = 'figma_reply';

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
