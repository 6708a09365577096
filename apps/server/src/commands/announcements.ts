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

/**
 * A task changed (a field set by its own route, its checklist, its Figma links): viewers of the task,
 * its list and its board read it again.
 */
export function taskUpdated(
  place: { organizationId: string; projectId: string; taskId: string },
  actorId: string | null,
): Announcement {
  return {
    event: {
      kind: 'task',
      action: 'updated',
      id: place.taskId,
      organizationId: place.organizationId,
      projectId: place.projectId,
      taskId: place.taskId,
      actorId,
    },
  };
}
