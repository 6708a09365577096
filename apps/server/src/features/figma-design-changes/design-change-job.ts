import { fileUpdateSchema, fileVersionUpdateSchema } from '../../figma/webhook-delivery.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DESIGN_CHANGE_JOB } from '../../jobs/job-kinds.ts';
import { checkFileDesign, type DesignDelivery } from './commands/check-file-design.ts';

/** A stored FILE_VERSION_UPDATE or FILE_UPDATE delivery, by its event_type. */
function deliveryOf(payload: Record<string, unknown>): DesignDelivery | null {
  const schema = payload.event_type === 'FILE_UPDATE' ? fileUpdateSchema : fileVersionUpdateSchema;
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export const designChangeHandler: JobHandler = {
  kind: FIGMA_DESIGN_CHANGE_JOB,
  async run({ deps, job, completeIn }) {
    const delivery = deliveryOf(job.payload);
    if (!delivery || !job.organizationId) throw new PermanentJobError('The stored delivery cannot be read.');
    await checkFileDesign(deps, job.organizationId, delivery, completeIn);
  },
};
