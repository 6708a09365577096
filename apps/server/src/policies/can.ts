import { ROLES } from '@figgle/shared/roles';
import type { Role } from '../db/schema.ts';

/**
 * Who may do what inside an organization (docs/product.md#who-sees-what). A user without a rule in the
 * organization may do nothing there; callers turn that into 404 so nothing leaks.
 */
export type Action =
  | 'organization.read'
  | 'organization.rename'
  | 'organization.invite'
  | 'organization.listInvitations'
  | 'organization.revokeInvitation'
  | 'organization.removeMember'
  | 'organization.changeRole'
  | 'organization.setFigmaTeam'
  | 'organization.manageDesignLinks'
  | 'organization.export'
  | 'organization.manageWebhooks'
  /** The time zone recurring tasks count days in: owners. */
  | 'organization.setTimeZone'
  | 'project.read'
  | 'project.create'
  | 'project.update'
  | 'project.delete'
  | 'project.export'
  | 'task.read'
  | 'task.create'
  | 'task.update'
  | 'task.delete'
  | 'task.move'
  | 'task.duplicate'
  | 'comment.create'
  /** Only on one's own comments too: policies/comments.ts. */
  | 'comment.edit'
  | 'comment.delete'
  | 'label.read'
  | 'label.manage'
  /** Making, changing and removing a project's milestones: any member. */
  | 'milestone.manage'
  /** Defining an organization's custom fields and turning them on in a project: any member. */
  | 'customField.manage'
  /** Saving a task of a project as a template, and removing a project's templates: any member. */
  | 'taskTemplate.manage'
  /** Listing the organization's trash: any member (policies/trash.ts). */
  | 'trash.read'
  /** Restoring from the trash: owners, and members what they deleted themselves (policies/trash.ts). */
  | 'trash.restore'
  | 'upload.create'
  | 'import.create'
  | 'import.read'
  | 'figmaEvent.read'
  | 'figmaEvent.createTask';

const ownerOnly = new Set<Action>([
  'organization.rename',
  'organization.invite',
  'organization.listInvitations',
  'organization.revokeInvitation',
  'organization.removeMember',
  // Making a member an owner, or an owner a member; an owner stepping down is this too.
  'organization.changeRole',
  'organization.setFigmaTeam',
  'organization.manageDesignLinks',
  // A whole organization, every project and every member's address, leaves only with an owner.
  'organization.export',
  'organization.manageWebhooks',
  'organization.setTimeZone',
]);

export function can(role: Role | null | undefined, action: Action): boolean {
  if (!role) return false;
  if (role === 'OWNER') return true;
  return !ownerOnly.has(action);
}

/** The roles that may do `action` (for a statement that checks the role in the database itself). */
export function rolesAllowedTo(action: Action): Role[] {
  return ROLES.filter((role) => can(role, action));
}
