import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type TaskFigmaNodeRow = {
  task_figma_node_id: string;
  task_id: string;
  file_key: string;
  node_id: string;
  source: 'comment' | 'link' | 'figma';
  created_at: Date;
};

/** The links of one task, oldest first (the node a task came from stays at the top). */
export function figmaNodesOfTask(db: Kysely<Database>, taskId: string): Promise<TaskFigmaNodeRow[]> {
  return db
    .selectFrom('task_figma_node')
    .select(['task_figma_node_id', 'task_id', 'file_key', 'node_id', 'source', 'created_at'])
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('task_figma_node_id')
    .execute();
}
