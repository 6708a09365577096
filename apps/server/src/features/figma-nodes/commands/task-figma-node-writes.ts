import type { Kysely } from 'kysely';
import { taskUpdated } from '../../../commands/announcements.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database, FigmaNodeSource } from '../../../db/schema.ts';

export type TaskPlace = { organizationId: string; projectId: string; taskId: string };

/**
 * One link of a task to a node, for the link commands and for system links (the plugin, a dev
 * resource found in Figma). An existing link of the same node is kept as it is: null then.
 */
export async function insertTaskFigmaNode(
  trx: Kysely<Database>,
  row: {
    taskId: string;
    organizationId: string;
    fileKey: string;
    nodeId: string;
    source: FigmaNodeSource;
    createdBy: string | null;
  },
): Promise<{ task_figma_node_id: string } | null> {
  const inserted = await trx
    .insertInto('task_figma_node')
    .values({
      task_id: row.taskId,
      organization_id: row.organizationId,
      file_key: row.fileKey,
      node_id: row.nodeId,
      source: row.source,
      created_by: row.createdBy,
    })
    .onConflict((oc) => oc.columns(['task_id', 'file_key', 'node_id']).doNothing())
    .returning('task_figma_node_id')
    .executeTakeFirst();
  return inserted ?? null;
}

/** The task event of a link change: viewers of the task, its list and its board read it again. */
export function announceLinkChange(place: TaskPlace, actorId: string | null): Announcement {
  return taskUpdated(place, actorId);
}
