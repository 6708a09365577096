import { type Kysely, sql } from 'kysely';
import { taskUpdated } from '../../../commands/announcements.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database, FigmaNodeSource } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';

export type TaskPlace = { organizationId: string; projectId: string; taskId: string };

/**
 * Inside a write's transaction: the task row is locked (two links added at once count against the
 * limit one after the other) and takes a new version, so open copies of the task read it again.
 */
export async function touchLinkedTask(trx: Kysely<Database>, taskId: string, userId: string | null) {
  const touched = await trx
    .updateTable('task')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql`now()`, last_modified_by: userId }))
    .where('task_id', '=', taskId)
    .where('deleted_at', 'is', null)
    .returning('task_id')
    .executeTakeFirst();
  if (!touched) throw notFound('Task');
}

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
