import type { Announcement } from './publish-after-commit.ts';

/** An organization's own details changed (its name, Figma settings, invitations): members read it again. */
export function organizationUpdated(organizationId: string, actorId: string): Announcement {
  return { event: { kind: 'organization', action: 'updated', id: organizationId, organizationId, actorId } };
}

/** A project was created, changed (its fields, its Figma links) or deleted. */
export function projectChanged(
  action: 'created' | 'updated' | 'deleted',
  organizationId: string,
  projectId: string,
  actorId: string,
): Announcement {
  return { event: { kind: 'project', action, id: projectId, organizationId, projectId, actorId } };
}
