import { CHECKLIST_ITEMS_MAX } from '@figgle/shared/checklist-schemas';
import { generateKeyBetween } from 'fractional-indexing';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';
import { BY_RANK, type ChecklistItemRow, checklistItem } from '../queries.ts';
import { announceChecklistChange } from './checklist-writes.ts';

/** A new item at the end of a task's checklist, not done. */
export async function addChecklistItem(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, text }: { taskId: string; text: string },
): Promise<ChecklistItemRow> {
  const { organizationId, projectId } = await authorizeOnTask(db, user, 'task.update', taskId);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, taskId, user.user_id);
      const { count, last } = await trx
        .selectFrom('checklist_item')
        .select([sql<string>`count(*)`.as('count'), sql<string | null>`max(${BY_RANK})`.as('last')])
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= CHECKLIST_ITEMS_MAX) {
        throw badRequest(`A checklist holds at most ${CHECKLIST_ITEMS_MAX} items.`, [
          { path: 'body.text', message: 'the checklist is full' },
        ]);
      }
      const { item_id } = await trx
        .insertInto('checklist_item')
        .values({ task_id: taskId, text, rank: generateKeyBetween(last, null), created_by: user.user_id })
        .returning('item_id')
        .executeTakeFirstOrThrow();
      return (await checklistItem(trx, item_id))!;
    },
    () => announceChecklistChange({ organizationId, projectId, taskId }, user.user_id),
  );
}
