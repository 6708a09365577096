import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A status as its table holds it (but its creation time), with the count of its live tasks. */
export type ProjectStatusRow = Omit<Selectable<Database['project_status']>, 'created_at'> & {
  task_count: number;
};

/** A project's statuses in board order, each with its live tasks (task_status_count, migration 0003). */
export async function statusesOfProject(db: Db, projectId: string): Promise<ProjectStatusRow[]> {
  return db
    .selectFrom('project_status')
    .leftJoin('task_status_count', (join) =>
      join
        .onRef('task_status_count.project_id', '=', 'project_status.project_id')
        .onRef('task_status_count.status', '=', 'project_status.key'),
    )
    .select([
      'project_status.status_id',
      'project_status.project_id',
      'project_status.key',
      'project_status.name',
      'project_status.color',
      'project_status.category',
      'project_status.position',
      sql<number>`coalesce(task_status_count.count, 0)::integer`.as('task_count'),
    ])
    .where('project_status.project_id', '=', projectId)
    .orderBy('project_status.position')
    .orderBy('project_status.key')
    .execute();
}

/** The project and organization of a status, or undefined when it or its project is gone. */
export async function placeOfStatus(
  db: Db,
  statusId: string,
): Promise<{ project_id: string; organization_id: string } | undefined> {
  return db
    .selectFrom('project_status')
    .innerJoin('project', 'project.project_id', 'project_status.project_id')
    .select(['project.project_id', 'project.organization_id'])
    .where('project_status.status_id', '=', statusId)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
}
