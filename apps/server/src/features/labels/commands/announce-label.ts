import type { Announcement } from '../../../commands/publish-after-commit.ts';

/** A label event goes to the organization's viewers, who read its labels and tasks again. */
export function announceLabel(
  action: 'created' | 'updated' | 'deleted',
  labelId: string,
  organizationId: string,
  actorId: string,
): Announcement {
  return { event: { kind: 'label', action, id: labelId, organizationId, actorId } };
}
