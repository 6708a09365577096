import { sql, type Transaction } from 'kysely';
import type { Database, TaskStatus } from '../../../db/schema.ts';

/** A live task as the writers of the task tree (parent, relations) read it. */
export interface TreeTask {
  task_id: string;
  project_id: string;
  organization_id: string;
  status: TaskStatus;
  parent_id: string | null;
  /** "WEB-12": the project's trigram and the task's number. */
  ref: string;
}

/**
 * A task of a project that is not deleted, with its organization and reference; locked when `lock`
 * says so (its version goes up with the write). undefined when there is none such.
 */
export async function liveTreeTask(
  trx: Transaction<Database>,
  taskId: string,
  lock: boolean,
): Promise<TreeTask | undefined> {
  let query = trx
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select([
      'task.task_id',
      'task.project_id',
      'project.organization_id',
      'task.status',
      'task.parent_id',
      sql<string>`project.trigram || '-' || task.reference`.as('ref'),
    ])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null);
  if (lock) query = query.forUpdate('task');
  return await query.executeTakeFirst();
}
