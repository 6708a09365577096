import { type Kysely, sql } from 'kysely';
import type { AppUser, Database, Role } from '../db/schema.ts';
import { can } from './can.ts';
import { notFound } from './policy-errors.ts';

/** What a user's search may read: the organizations where they may read tasks, and their live projects. */
export interface SearchScope {
  organizationIds: string[];
  projectIds: string[];
}

/**
 * Read on every search, so a removed member finds nothing of that organization from their very next
 * keystroke. Tasks, comments, projects and people all come from these organizations only.
 */
export async function searchScope(db: Kysely<Database>, user: AppUser): Promise<SearchScope> {
  const { rows } = await sql<{ organization_id: string; role: Role; project_ids: string[] }>`
    SELECT rule.organization_id, rule.role,
      coalesce(array_agg(project.project_id::text) FILTER (WHERE project.project_id IS NOT NULL),
        '{}'::text[]) AS project_ids
    FROM rule
    LEFT JOIN project ON project.organization_id = rule.organization_id AND project.deleted_at IS NULL
    WHERE rule.user_id = ${user.user_id}
    GROUP BY rule.organization_id, rule.role
  `.execute(db);
  const readable = rows.filter((row) => can(row.role, 'task.read'));
  return {
    organizationIds: readable.map((row) => row.organization_id),
    projectIds: readable.flatMap((row) => row.project_ids),
  };
}

/** A project filter names a project of the scope; any other (another tenant's, deleted, unknown) is a 404. */
export function requireProjectInScope(scope: SearchScope, projectId: string): void {
  if (!scope.projectIds.includes(projectId)) throw notFound('Project');
}
