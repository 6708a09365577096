import { contentFromDescription, TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { touchTask } from '../../../commands/task-field-writes.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { organizationOfChecklistItem } from '../../../policies/checklist.ts';
import { announceTaskCreated, insertTask } from '../../tasks/commands/insert-task.ts';
import { placeUnderParent } from '../../tasks/commands/set-task-parent.ts';
import { type TaskSummaryRow, taskSummary } from '../../tasks/queries.ts';
import { announceChecklistChange } from './checklist-writes.ts';

/**
 * Turns an item into a sub-task of the item's task, in the same project, made as the project's
 * "Add a task" makes one (insertTask), and links the item to it. Both happen in one transaction: an item is never linked to
 * a task that failed, nor converted twice by two clicks at once. A text longer than a title is cut
 * and kept whole in the new task's description.
 */
export async function convertChecklistItem(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { itemId }: { itemId: string },
): Promise<TaskSummaryRow> {
  const place = await organizationOfChecklistItem(db, itemId);
  await authorize(db, user, 'task.create', place.organizationId, 'Task');
  const created = await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await touchTask(trx, place.taskId, user.user_id);
      const item = await trx
        .selectFrom('checklist_item')
        .leftJoin('task as converted', (join) =>
          join
            .onRef('converted.task_id', '=', 'checklist_item.converted_task_id')
            .on('converted.deleted_at', 'is', null),
        )
        .select(['checklist_item.text', 'converted.task_id as converted_task_id'])
        .where('checklist_item.item_id', '=', itemId)
        .where('checklist_item.task_id', '=', place.taskId)
        .executeTakeFirst();
      if (!item) throw notFound('Checklist item');
      if (item.converted_task_id) throw conflict('This item is already a task.');
      const cut = item.text.length > TASK_TITLE_MAX;
      const task = await insertTask(trx, {
        projectId: place.projectId,
        title: cut ? `${item.text.slice(0, TASK_TITLE_MAX - 1).trimEnd()}…` : item.text,
        status: 'TODO',
        assigneeId: null,
        authorId: user.user_id,
        authorName: `${user.firstname} ${user.lastname}`.trim(),
        contentJson: contentFromDescription(cut ? item.text : ''),
        isFromFigma: false,
        figmaClientMeta: null,
      });
      // A sub-task of the checklist's task (issue 42): its progress counts it, its page lists it.
      await placeUnderParent(trx, user, { taskId: task.taskId, parentId: place.taskId });
      await trx
        .updateTable('checklist_item')
        .set({ converted_task_id: task.taskId, updated_at: new Date() })
        .where('item_id', '=', itemId)
        .execute();
      return task;
    },
    (task) => [announceTaskCreated(task, user.user_id), announceChecklistChange(place, user.user_id)],
  );
  const row = await taskSummary(db, created.taskId);
  if (!row) throw notFound('Task');
  return row;
}
