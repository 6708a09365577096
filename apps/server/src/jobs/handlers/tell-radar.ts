import type { JobDeps } from '../job-handler.ts';
import type { ClaimedJob } from '../job-queue.ts';

/**
 * Radars open in the organization read their failures again. The event names the job, not a Figma
 * event: the radar's topic only refreshes its lists, whatever the id. Not a command: the worker calls
 * this once failJob has committed (jobs/worker.ts), and there is no write of its own to wrap, so it
 * publishes directly, already after the commit as publishAfterCommit would.
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
