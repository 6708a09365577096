import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface DesignLinkRow {
  file_id: string;
  figma_file_id: string;
  project_id: string;
  name: string;
  created_at: Date;
  project_name: string;
  project_trigram: string;
  project_emoji: string;
  organization_id: string;
}

function linksQuery(db: Kysely<Database>) {
  return db
    .selectFrom('file')
    .innerJoin('project', 'project.project_id', 'file.project_id')
    .select([
      'file.file_id',
      'file.figma_file_id',
      'file.project_id',
      'file.name',
      'file.created_at',
      'project.name as project_name',
      'project.trigram as project_trigram',
      'project.emoji as project_emoji',
      'project.organization_id',
    ])
    .where('file.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null);
}

/** Live links of live projects in the organizations the user owns, newest first. */
export function designLinksOwnedBy(db: Kysely<Database>, userId: string): Promise<DesignLinkRow[]> {
  return linksQuery(db)
    .where('project.organization_id', 'in', (eb) =>
      eb
        .selectFrom('rule')
        .select('rule.organization_id')
        .where('rule.user_id', '=', userId)
        .where('rule.role', '=', 'OWNER'),
    )
    .orderBy('file.created_at', 'desc')
    .orderBy('file.file_id', 'asc')
    .execute();
}

export function designLinkById(db: Kysely<Database>, fileId: string): Promise<DesignLinkRow | undefined> {
  return linksQuery(db).where('file.file_id', '=', fileId).executeTakeFirst();
}

export interface ProjectOptionRow {
  project_id: string;
  name: string;
  trigram: string;
  emoji: string;
  organization_id: string;
  organization_name: string;
}

/** Live projects with their organization's name: what a choice of projects offers. */
function projectOptions(db: Kysely<Database>) {
  return db
    .selectFrom('project')
    .innerJoin('organization', 'organization.organization_id', 'project.organization_id')
    .select([
      'project.project_id',
      'project.name',
      'project.trigram',
      'project.emoji',
      'project.organization_id',
      'organization.name as organization_name',
    ])
    .where('project.deleted_at', 'is', null);
}

/** Live projects of the organizations where the user is OWNER: the only ones a link may target. */
export function projectsOwnedBy(db: Kysely<Database>, userId: string): Promise<ProjectOptionRow[]> {
  return projectOptions(db)
    .innerJoin('rule', 'rule.organization_id', 'project.organization_id')
    .where('rule.user_id', '=', userId)
    .where('rule.role', '=', 'OWNER')
    .orderBy('organization.created_at', 'asc')
    .orderBy('project.name', 'asc')
    .execute();
}

/** Live projects of one organization: where a task from one of its Figma events may go. */
export function projectsOfOrganization(
  db: Kysely<Database>,
  organizationId: string,
): Promise<ProjectOptionRow[]> {
  return projectOptions(db)
    .where('project.organization_id', '=', organizationId)
    .orderBy('project.name', 'asc')
    .execute();
}
