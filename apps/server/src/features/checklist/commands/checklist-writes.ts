import { type Kysely, sql } from 'kysely';
import { taskUpdated } from '../../../commands/announcements.ts';
import type { Announcement } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import type { ChecklistItemPlace } from '../../../policies/checklist.ts';

/**
 * The first step of every checklist write, inside its transaction: the task row is locked (so two
 * writes to one checklist, say two additions at its end, run one after the other) and marked as
 * changed, with a new version, so the live copies of its summary take the new "3/5" progress.
 */
export async function touchTask(trx: Kysely<Database>, taskId: string, userId: string): Promise<void> {
  const touched = await trx
    .updateTable('task')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql`now()`, last_modified_by: userId }))
    .where('task_id', '=', taskId)
    .where('deleted_at', 'is', null)
    .returning('task_id')
    .executeTakeFirst();
  if (!touched) throw notFound('Task');
}

/** The task event of a checklist write: viewers of the task, its list and its board read it again. */
export function announceChecklistChange(place: ChecklistItemPlace, actorId: string): Announcement {
  return taskUpdated(place, actorId);
}
