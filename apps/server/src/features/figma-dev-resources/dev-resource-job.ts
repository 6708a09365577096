import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DEV_RESOURCE_JOB } from '../../jobs/job-kinds.ts';
import { syncDevResource } from './commands/sync-dev-resource.ts';
import { UNREACHABLE } from './refusal-words.ts';

const payloadSchema = z.object({
  task_id: z.uuid(),
  file_key: z.string().min(1),
  node_id: z.string().min(1),
});

/** One linked node's dev resource in Figma (migration 0029's triggers store the job). */
export const figmaDevResourceHandler: JobHandler = {
  kind: FIGMA_DEV_RESOURCE_JOB,
  async run({ deps, job, completeIn }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success || !job.organizationId) {
      throw new PermanentJobError('The stored dev resource job cannot be read.');
    }
    await syncDevResource(deps, {
      jobId: job.jobId,
      organizationId: job.organizationId,
      taskId: payload.data.task_id,
      fileKey: payload.data.file_key,
      nodeId: payload.data.node_id,
      completeIn,
    });
  },
  /** Tried again and again (Figma down for hours): the task page says so, with "Try again". */
  async failedForGood(deps, job) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) return;
    await deps.db
      .updateTable('task_figma_node')
      .set({
        dev_resource_state: 'failed',
        dev_resource_error: UNREACHABLE,
      })
      .where('task_id', '=', payload.data.task_id)
      .where('file_key', '=', payload.data.file_key)
      .where('node_id', '=', payload.data.node_id)
      .where('dev_resource_state', '=', 'pending')
      .execute();
  },
};
