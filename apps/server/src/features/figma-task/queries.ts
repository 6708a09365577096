import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The design node a task points at: figma_client_meta {figma_file_key, node_id}; null when none. */
export async function designNodeOfTask(
  db: Kysely<Database>,
  taskId: string,
): Promise<{ fileKey: string; nodeId: string; organizationId: string } | null> {
  const row = await db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['task.figma_client_meta', 'project.organization_id'])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .executeTakeFirst();
  const meta = row?.figma_client_meta;
  const fileKey = meta?.figma_file_key;
  const nodeId = meta?.node_id;
  if (!row || typeof fileKey !== 'string' || typeof nodeId !== 'string') return null;
  if (!/^[A-Za-z0-9]{10,128}$/.test(fileKey) || !/^[A-Za-z0-9:;-]{1,200}$/.test(nodeId)) return null;
  return { fileKey, nodeId, organizationId: row.organization_id };
}
