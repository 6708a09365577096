import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A project's own columns, as the page of a project and its export both read them. */
export interface ProjectColumns {
  project_id: string;
  organization_id: string;
  name: string;
  trigram: string;
  emoji: 'fox' | 'octopus' | 'alien' | 'seeding' | 'fish';
  description: string;
  default_view: 'LIST' | 'KANBAN' | 'CALENDAR';
  estimate_scale: 'none' | 'points' | 'tshirt';
}

export interface ProjectRow extends ProjectColumns {
  estimated_task_count: number;
  created_at: Date;
  updated_at: Date;
  organization_name: string;
  task_count: number;
  is_bookmarked: boolean;
}

/**
 * Live projects the user can see (a rule in their organization), with the organization's name,
 * the count of live tasks and whether this user bookmarked them: one query, whatever the count.
 */
function visibleProjects(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('project')
    .innerJoin('organization', 'organization.organization_id', 'project.organization_id')
    .innerJoin('rule', (join) =>
      join.onRef('rule.organization_id', '=', 'project.organization_id').on('rule.user_id', '=', userId),
    )
    .leftJoin('bookmark', (join) =>
      join.onRef('bookmark.project_id', '=', 'project.project_id').on('bookmark.user_id', '=', userId),
    )
    .select([
      'project.project_id',
      'project.organization_id',
      'project.name',
      'project.trigram',
      'project.emoji',
      'project.description',
      'project.default_view',
      'project.estimate_scale',
      'project.created_at',
      'project.updated_at',
      'organization.name as organization_name',
      sql<number>`(SELECT count(*)::int FROM task WHERE task.project_id = project.project_id AND task.deleted_at IS NULL)`.as(
        'task_count',
      ),
      sql<number>`(SELECT count(*)::int FROM task WHERE task.project_id = project.project_id AND task.deleted_at IS NULL AND task.estimate IS NOT NULL)`.as(
        'estimated_task_count',
      ),
      sql<boolean>`bookmark.user_id IS NOT NULL`.as('is_bookmarked'),
    ])
    .where('project.deleted_at', 'is', null);
}

export function projectsOf(db: Kysely<Database>, userId: string): Promise<ProjectRow[]> {
  return visibleProjects(db, userId)
    .orderBy('project.created_at', 'asc')
    .orderBy('project.project_id', 'asc')
    .execute();
}

export function projectOf(
  db: Kysely<Database>,
  userId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return visibleProjects(db, userId).where('project.project_id', '=', projectId).executeTakeFirst();
}
