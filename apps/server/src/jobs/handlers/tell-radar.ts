import type { JobDeps } from '../job-handler.ts';
import type { ClaimedJob } from '../job-queue.ts';

/**
 * Radars open in the organization read their failures again. The event names the job, not a Figma
 * event: the radar's topic only refreshes its lists, whatever the id.
 */
export async function tellRadarOfFailure(deps: JobDeps, job: ClaimedJob): Promise<void> {
  if (!job.organizationId) return;
  await deps.bus.publish({
    kind: 'figma_event',
    action: 'updated',
    id: job.jobId,
    organizationId: job.organizationId,
  });
}
