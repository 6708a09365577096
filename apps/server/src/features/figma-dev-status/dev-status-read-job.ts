import { z } from 'zod';
import { figmaClientOfOrganization } from '../../figma/tokens.ts';
import { DEV_STATUSES, type DevStatus } from '../../figma/webhook-delivery.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DEV_STATUS_READ_JOB } from '../../jobs/job-kinds.ts';
import { applyDevStatus } from './commands/apply-dev-status.ts';

const payloadSchema = z.object({ task_figma_node_id: z.uuid() });

/** Nodes of one file asked in one call: Figma's file reads are its scarcest budget (Tier 1). */
const NODES_PER_CALL = 100;

/**
 * A node was linked (the trigger of migration 0030 stores this job): its Dev Mode status is read from
 * Figma (GET /v1/files/:key/nodes) and stored as of now. The same call reads every other link of the
 * file that was never read, so many links made at once (an import, the plugin) cost one call: their
 * own jobs then find them read and ask nothing. Without a way to Figma in the organization there is
 * nothing to read with: the link keeps "none" until a delivery says otherwise.
 */
export const figmaDevStatusReadHandler: JobHandler = {
  kind: FIGMA_DEV_STATUS_READ_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    const organizationId = job.organizationId;
    if (!payload.success || !organizationId) throw new PermanentJobError('The stored job cannot be read.');
    const link = await deps.db
      .selectFrom('task_figma_node')
      .select(['file_key', 'node_id', 'dev_status_at'])
      .where('task_figma_node_id', '=', payload.data.task_figma_node_id)
      .executeTakeFirst();
    // Unlinked meanwhile, or read already (by a sibling's call, or set by a delivery).
    if (!link || link.dev_status_at !== null) return;
    const client = await figmaClientOfOrganization(deps.db, deps.env, organizationId);
    if (!client) return;
    const unread = await deps.db
      .selectFrom('task_figma_node')
      .select('node_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('file_key', '=', link.file_key)
      .where('dev_status_at', 'is', null)
      .where('node_id', '!=', link.node_id)
      .orderBy('node_id')
      .limit(NODES_PER_CALL - 1)
      .execute();
    const nodeIds = [link.node_id, ...unread.map((row) => row.node_id)];
    const asked = new Date();
    const statuses = await client.getDevStatuses(link.file_key, nodeIds);
    // A node Figma does not return (deleted) keeps "none".
    for (const [nodeId, read] of statuses) {
      const status: DevStatus = (DEV_STATUSES as readonly string[]).includes(read)
        ? (read as DevStatus)
        : 'NONE';
      await applyDevStatus(deps, organizationId, {
        fileKey: link.file_key,
        nodeId,
        status,
        at: asked,
        applyRule: false,
      });
    }
  },
};
