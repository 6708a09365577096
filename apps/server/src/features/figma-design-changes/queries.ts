import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The nodes of a file that live tasks of the organization link, with what was seen and rendered. */
export function linksOfFile(db: Db, organizationId: string, fileKey: string) {
  return db
    .selectFrom('task_figma_node as link')
    .innerJoin('task', 'task.task_id', 'link.task_id')
    .select([
      'link.task_figma_node_id',
      'link.task_id',
      'task.project_id',
      'link.node_id',
      'link.created_at',
      'link.seen_sha256',
      'link.seen_version_id',
      'link.latest_sha256',
      'link.latest_version_id',
      'link.design_changed_at',
      'link.latest_version_at',
    ])
    .where('link.organization_id', '=', organizationId)
    .where('link.file_key', '=', fileKey)
    .where('task.deleted_at', 'is', null)
    .execute();
}
export type FileLink = Awaited<ReturnType<typeof linksOfFile>>[number];

/** The links of a task whose design changed since its assignee last saw it, newest change first. */
export function designChangesOfTask(db: Db, taskId: string) {
  return db
    .selectFrom('task_figma_node')
    .select([
      'task_figma_node_id',
      'file_key',
      'node_id',
      'seen_version_id',
      'latest_version_id',
      'latest_version_label',
      'latest_version_author',
      'latest_version_at',
      'design_changed_at',
    ])
    .where('task_id', '=', taskId)
    .where('design_changed_at', 'is not', null)
    .orderBy('design_changed_at', 'desc')
    .execute();
}
export type DesignChangeRow = Awaited<ReturnType<typeof designChangesOfTask>>[number];

/** The live tasks of a project with a design changed since their assignee saw it. */
export async function designChangedTasksOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('task_figma_node as link')
    .innerJoin('task', 'task.task_id', 'link.task_id')
    .select('link.task_id')
    .distinct()
    .where('task.project_id', '=', projectId)
    .where('task.deleted_at', 'is', null)
    .where('link.design_changed_at', 'is not', null)
    .execute();
  return rows.map((row) => row.task_id);
}
