import type { Kysely } from 'kysely';
import type { AppUser, Database, Role } from '../db/schema.ts';
import { type Action, can } from './can.ts';
import { forbidden, notFound } from './policy-errors.ts';

type Db = Kysely<Database>;

export async function roleIn(db: Db, userId: string, organizationId: string): Promise<Role | null> {
  const rule = await db
    .selectFrom('rule')
    .select('role')
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return rule?.role ?? null;
}

/**
 * Throws 404 when the user has no rule in the organization (never confirm another tenant's data
 * exists) and 403 when the rule does not allow the action. Returns the user's role.
 */
export async function authorize(
  db: Db,
  user: AppUser,
  action: Action,
  organizationId: string,
  what = 'Organization',
): Promise<Role> {
  return allowRole(await roleIn(db, user.user_id, organizationId), action, what);
}

/**
 * The rule of authorize for a role read elsewhere (with a locked row, or by a database function):
 * no role is a 404 on `what`, a role that does not allow the action a 403.
 */
export function allowRole(role: Role | null | undefined, action: Action, what: string): Role {
  if (!role) throw notFound(what);
  if (!can(role, action)) throw forbidden();
  return role;
}

/** The organization a live (not soft-deleted) project belongs to; 404 otherwise. */
export async function organizationOfProject(db: Db, projectId: string): Promise<string> {
  const project = await db
    .selectFrom('project')
    .select('organization_id')
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw notFound('Project');
  return project.organization_id;
}

/** The organization of a live task in a live project; 404 otherwise. */
export async function organizationOfTask(
  db: Db,
  taskId: string,
): Promise<{ organizationId: string; projectId: string }> {
  const task = await db
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select(['project.organization_id', 'task.project_id'])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  return { organizationId: task.organization_id, projectId: task.project_id };
}

/**
 * authorize in the organization of a live project (404 on `what` when the project is gone, as when
 * the user has no rule there). Answers the organization.
 */
export async function authorizeInProject(
  db: Db,
  user: AppUser,
  action: Action,
  projectId: string,
  what = 'Project',
): Promise<string> {
  const organizationId = await organizationOfProject(db, projectId);
  await authorize(db, user, action, organizationId, what);
  return organizationId;
}

/**
 * authorize in the organization of a live task in a live project (404 when it is gone, as when the
 * user has no rule there). Answers where the task is.
 */
export async function authorizeOnTask(
  db: Db,
  user: AppUser,
  action: Action,
  taskId: string,
  what = 'Task',
): Promise<{ organizationId: string; projectId: string }> {
  const place = await organizationOfTask(db, taskId);
  await authorize(db, user, action, place.organizationId, what);
  return place;
}

/**
 * authorize in the organization of a row the caller looked up (404 on `what` when there was none, as
 * when the user has no rule there). Answers the row.
 */
export async function authorizeFound<Row extends { organization_id: string }>(
  db: Db,
  user: AppUser,
  action: Action,
  found: Row | undefined,
  what: string,
): Promise<Row> {
  if (!found) throw notFound(what);
  await authorize(db, user, action, found.organization_id, what);
  return found;
}
