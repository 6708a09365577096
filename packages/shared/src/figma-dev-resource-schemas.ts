import { z } from 'zod';

// The link back into Figma of each node a task links (docs/product.md#designs-on-a-task): a dev
// resource on the node, pointing at the task, and how it stands.

const devResourceStates = ['pending', 'linked', 'refused', 'file_gone', 'failed'] as const;

export const taskDevResourceSchema = z.object({
  /** The link (a row of GET /api/tasks/:taskId/figma-nodes). */
  task_figma_node_id: z.uuid(),
  /** pending: being added; linked: in Dev Mode; refused, file_gone, failed: Figma said no ("Try again"). */
  state: z.enum(devResourceStates),
  /** Why Figma said no, in words a person can act on; null unless refused, file_gone or failed. */
  message: z.string().nullable(),
  /**
   * Which refusal `message` is, for screens that word it in the reader's language; figma_said:
   * Figma's own words, shown as they are. null unless refused, file_gone or failed.
   */
  reason: z.enum(['no_token', 'cannot_edit', 'file_gone', 'unreachable', 'refused', 'figma_said']).nullable(),
});
export type TaskDevResource = z.infer<typeof taskDevResourceSchema>;

export const devResourceRetryParams = z.object({ taskId: z.uuid(), nodeLinkId: z.uuid() });
