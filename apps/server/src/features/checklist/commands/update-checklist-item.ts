import { generateKeyBetween } from 'fractional-indexing';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfChecklistItem } from '../../../policies/checklist.ts';
import { BY_RANK, type ChecklistItemRow, checklistItem } from '../queries.ts';
import { announceChecklistChange } from './checklist-writes.ts';

interface ChecklistItemChanges {
  text?: string;
  done?: boolean;
  /** The item's new place, counted without the item itself. */
  index?: number;
}

/** Edits an item's text, ticks or unticks it, or moves it inside its checklist. */
export async function updateChecklistItem(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { itemId, changes }: { itemId: string; changes: ChecklistItemChanges },
): Promise<ChecklistItemRow> {
  const place = await organizationOfChecklistItem(db, itemId);
  await authorize(db, user, 'task.update', place.organizationId, 'Task');
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, place.taskId, user.user_id);
      const rank =
        changes.index === undefined ? undefined : await rankAt(trx, place.taskId, itemId, changes.index);
      const updated = await trx
        .updateTable('checklist_item')
        .set({
          ...(changes.text !== undefined ? { text: changes.text } : {}),
          ...(changes.done !== undefined ? { done: changes.done } : {}),
          ...(rank !== undefined ? { rank } : {}),
          updated_at: new Date(),
        })
        .where('item_id', '=', itemId)
        .where('task_id', '=', place.taskId)
        .returning('item_id')
        .executeTakeFirst();
      // Removed meanwhile by someone else.
      if (!updated) throw notFound('Checklist item');
      return (await checklistItem(trx, itemId))!;
    },
    () => announceChecklistChange(place, user.user_id),
  );
}

/** The rank that puts the item at `index` among the other items of its checklist (the task is locked). */
async function rankAt(trx: Kysely<Database>, taskId: string, itemId: string, index: number): Promise<string> {
  const others = await trx
    .selectFrom('checklist_item')
    .select('rank')
    .where('task_id', '=', taskId)
    .where('item_id', '!=', itemId)
    .orderBy(BY_RANK)
    .orderBy('item_id')
    .execute();
  if (index > others.length) {
    throw badRequest(
      `The index ${index} is out of range: the checklist holds ${others.length} other item(s), so it must be between 0 and ${others.length}.`,
      [{ path: 'body.index', message: 'is out of range' }],
    );
  }
  return generateKeyBetween(others[index - 1]?.rank ?? null, others[index]?.rank ?? null);
}
