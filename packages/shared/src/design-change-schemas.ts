import { z } from 'zod';

/** A design a task links that changed in Figma since its assignee last saw it ("Design changed"). */
const designChangeSchema = z.object({
  task_figma_node_id: z.uuid(),
  file_key: z.string(),
  node_id: z.string(),
  /** When the version that changed it was made. */
  changed_at: z.string(),
  version: z.object({
    id: z.string(),
    /** The name given to the version in Figma; null for an autosave. */
    label: z.string().nullable(),
    author: z.string().nullable(),
  }),
  /** That version in Figma, opened at the node. */
  figma_url: z.string(),
  /** The PNGs: as the assignee last saw it, and at the version. */
  before_image_url: z.string(),
  after_image_url: z.string(),
});
export type DesignChangeView = z.infer<typeof designChangeSchema>;

export const designChangeListSchema = z.array(designChangeSchema);

export const designChangeImageParams = z.object({
  taskId: z.uuid(),
  nodeLinkId: z.uuid(),
  side: z.enum(['before', 'after'], { error: 'side is "before" or "after".' }),
});

/** Where a version of a file opens in Figma, at a node (docs/figma-api.md#design-changed-versions-and-renders). */
export function figmaVersionUrl(fileKey: string, versionId: string, nodeId: string): string {
  const query = new URLSearchParams({ 'version-id': versionId, 'node-id': nodeId.replaceAll(':', '-') });
  return `https://www.figma.com/design/${encodeURIComponent(fileKey)}/?${query}`;
}

/** GET /api/projects/:projectId/design-changes: the tasks whose cards show "Design changed". */
export const designChangedTasksSchema = z.object({ task_ids: z.array(z.uuid()) });
export type DesignChangedTasks = z.infer<typeof designChangedTasksSchema>;
