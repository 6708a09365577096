import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfChecklistItem } from '../../../policies/checklist.ts';
import { announceChecklistChange } from './checklist-writes.ts';

/** Removes an item for good; a task it became stays. */
export async function deleteChecklistItem(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { itemId }: { itemId: string },
): Promise<void> {
  const place = await organizationOfChecklistItem(db, itemId);
  await authorize(db, user, 'task.update', place.organizationId, 'Task');
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, place.taskId, user.user_id);
      const deleted = await trx
        .deleteFrom('checklist_item')
        .where('item_id', '=', itemId)
        .where('task_id', '=', place.taskId)
        .returning('item_id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Checklist item');
    },
    () => announceChecklistChange(place, user.user_id),
  );
}
