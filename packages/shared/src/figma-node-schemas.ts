import { z } from 'zod';

// The Figma nodes a task links (docs/product.md#designs-on-a-task): read, added by a pasted link,
// removed.

/** More frames than one task should be about: past it, split the task. */
export const TASK_FIGMA_NODES_MAX = 50;

const figmaNodeSources = ['comment', 'link', 'figma'] as const;

export const linkFigmaNodeInput = z
  .object({
    url: z
      .string({ error: 'Paste the link of a frame or layer in Figma.' })
      .trim()
      .min(1, 'Paste the link of a frame or layer in Figma.')
      .max(2000, 'A Figma link is at most 2000 characters.'),
  })
  .strict();

export const taskFigmaNodeParams = z.object({ taskId: z.uuid(), nodeLinkId: z.uuid() });

export const taskFigmaNodeSchema = z.object({
  task_figma_node_id: z.uuid(),
  task_id: z.uuid(),
  file_key: z.string(),
  node_id: z.string(),
  /** How it came: from a Figma comment, pasted in Figgle (or the plugin), or found in Figma. */
  source: z.enum(figmaNodeSources),
  /** Where the node opens in Figma. */
  url: z.string(),
  created_at: z.string(),
});
export type TaskFigmaNode = z.infer<typeof taskFigmaNodeSchema>;
