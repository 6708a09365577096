import type { Kysely } from 'kysely';
import type { Database, DevResourceState } from '../../db/schema.ts';

export interface DevResourceRow {
  task_figma_node_id: string;
  dev_resource_state: DevResourceState;
  dev_resource_error: string | null;
}

/** How the link back into Figma of each of a task's nodes stands, in the order of its links. */
export function devResourcesOfTask(db: Kysely<Database>, taskId: string): Promise<DevResourceRow[]> {
  return db
    .selectFrom('task_figma_node')
    .select(['task_figma_node_id', 'dev_resource_state', 'dev_resource_error'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('task_figma_node_id')
    .execute();
}
