import { DeferJob } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DEV_RESOURCE_SCAN_JOB } from '../../jobs/job-kinds.ts';
import { syncDevResourcesOfFile } from './commands/sync-dev-resources-of-file.ts';

/** How often an organization's linked files are read for dev resources people added in Figma. */
const DEV_RESOURCE_SCAN_EVERY_MS = 10 * 60_000;

/**
 * The periodic check (docs/figma-api.md#dev-resources): every 10 minutes, each file the organization
 * links is read for dev resources pointing at its tasks. One job per organization (stored by
 * migration 0029's trigger when a link is added); it waits out the next 10 minutes by deferring
 * itself, and ends when the organization links no node any more. A file Figma refuses is skipped;
 * Figma unavailable or limiting tries the whole check again after the jobs' backoff.
 */
export const figmaDevResourceScanHandler: JobHandler = {
  kind: FIGMA_DEV_RESOURCE_SCAN_JOB,
  async run({ deps, job }) {
    if (!job.organizationId) return;
    const files = await deps.db
      .selectFrom('task_figma_node')
      .select('file_key')
      .distinct()
      .where('organization_id', '=', job.organizationId)
      .execute();
    if (files.length === 0) return;
    for (const { file_key } of files) await syncDevResourcesOfFile(deps, job.organizationId, file_key);
    throw new DeferJob(DEV_RESOURCE_SCAN_EVERY_MS, 'Read again in 10 minutes.');
  },
};
