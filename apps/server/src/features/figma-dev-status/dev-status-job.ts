import { devModeStatusUpdateSchema } from '../../figma/webhook-delivery.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DEV_STATUS_JOB } from '../../jobs/job-kinds.ts';
import { applyDevStatus } from './commands/apply-dev-status.ts';

/** A DEV_MODE_STATUS_UPDATE delivery, stored by the webhook: the status it carries is Figma's word. */
export const figmaDevStatusHandler: JobHandler = {
  kind: FIGMA_DEV_STATUS_JOB,
  async run({ deps, job }) {
    const delivery = devModeStatusUpdateSchema.safeParse(job.payload);
    const at = delivery.success ? new Date(delivery.data.timestamp) : null;
    if (!delivery.success || !job.organizationId || !at || Number.isNaN(at.getTime())) {
      throw new PermanentJobError('The stored delivery cannot be read.');
    }
    await applyDevStatus(deps, job.organizationId, {
      fileKey: delivery.data.file_key,
      nodeId: delivery.data.node_id,
      status: delivery.data.status,
      at,
      applyRule: true,
    });
  },
};
