import { taskUpdated } from '../../../commands/announcements.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { ChecklistItemPlace } from '../../../policies/checklist.ts';

/** The task event of a checklist write: viewers of the task, its list and its board read it again. */
export function announceChecklistChange(place: ChecklistItemPlace, actorId: string): Announcement {
  return taskUpdated(place, actorId);
}
