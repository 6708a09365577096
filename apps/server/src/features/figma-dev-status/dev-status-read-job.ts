import { z } from 'zod';
import { figmaClient, tokenOfOrganization } from '../../figma/tokens.ts';
import { DEV_STATUSES, type DevStatus } from '../../figma/webhook-delivery.ts';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { FIGMA_DEV_STATUS_READ_JOB } from '../../jobs/job-kinds.ts';
import { applyDevStatus } from './commands/apply-dev-status.ts';

const payloadSchema = z.object({ task_figma_node_id: z.uuid() });

/**
 * A node was linked (the trigger of migration 0030 stores this job): its Dev Mode status is read from
 * Figma (GET /v1/files/:key/nodes) and stored as of now. Without a Figma token in the organization
 * there is nothing to read with: the link keeps "none" until a delivery says otherwise.
 */
export const figmaDevStatusReadHandler: JobHandler = {
  kind: FIGMA_DEV_STATUS_READ_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success || !job.organizationId)
      throw new PermanentJobError('The stored job cannot be read.');
    const link = await deps.db
      .selectFrom('task_figma_node')
      .select(['file_key', 'node_id'])
      .where('task_figma_node_id', '=', payload.data.task_figma_node_id)
      .executeTakeFirst();
    if (!link) return; // unlinked meanwhile
    const token = await tokenOfOrganization(deps.db, deps.env, job.organizationId);
    if (!token) return;
    const asked = new Date();
    const statuses = await figmaClient(deps.env, token).getDevStatuses(link.file_key, [link.node_id]);
    const read = statuses.get(link.node_id);
    if (read === undefined) return; // Figma does not know the node (deleted)
    const status: DevStatus = (DEV_STATUSES as readonly string[]).includes(read)
      ? (read as DevStatus)
      : 'NONE';
    await applyDevStatus(deps, job.organizationId, {
      fileKey: link.file_key,
      nodeId: link.node_id,
      status,
      at: asked,
      applyRule: false,
    });
  },
};
