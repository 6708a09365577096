import { TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import type { DeltaJson } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfTask } from '../../../policies/authorize.ts';
import { type TaskSummaryRow, taskSummary } from '../queries.ts';
import { labelsOfTask } from '../task-labels.ts';
import { announceTaskCreated, insertTask } from './insert-task.ts';

const COPY_SUFFIX = ' (copy)';

/** "Title (copy)", cut so that it stays within the title's limit. */
function copyTitle(title: string): string {
  return `${title.slice(0, TASK_TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * A copy of a task in its project (POST /api/tasks/:taskId/duplicate), made by the person who asks:
 * title "… (copy)", description, status, assignee, due date, priority, labels and checklist (each item
 * as it stands). Comments, watchers and the change log stay with the original; the copy starts its
 * own log with CREATION. Answers the copy as the lists show it.
 */
export async function duplicateTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId }: { taskId: string },
): Promise<TaskSummaryRow> {
  const { organizationId, projectId } = await organizationOfTask(db, taskId);
  await authorize(db, user, 'task.duplicate', organizationId, 'Task');
  const created = await publishAfterCommit(
    bus,
    () =>
      serially(`task-creation:${projectId.toLowerCase()}`, () =>
        db.transaction().execute(async (trx) => {
          const original = await trx
            .selectFrom('task')
            .select([
              'title',
              'status',
              'assignee_id',
              'content_json',
              'priority',
              sql<string | null>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'),
              'due_at',
            ])
            .where('task_id', '=', taskId)
            .where('project_id', '=', projectId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          // Deleted or moved meanwhile.
          if (!original) throw notFound('Task');
          const labels = await labelsOfTask(trx, taskId);
          // The assignee may have left the organization since: the copy then has none.
          const assigneeStays =
            original.assignee_id !== null &&
            (await trx
              .selectFrom('rule')
              .select('rule_id')
              .where('user_id', '=', original.assignee_id)
              .where('organization_id', '=', organizationId)
              .executeTakeFirst()) !== undefined;
          const copy = await insertTask(trx, {
            projectId,
            title: copyTitle(original.title),
            status: original.status,
            assigneeId: assigneeStays ? original.assignee_id : null,
            authorId: user.user_id,
            authorName: `${user.firstname} ${user.lastname}`.trim(),
            contentJson: original.content_json as DeltaJson,
            isFromFigma: false,
            figmaClientMeta: null,
            dueOn: original.due_on,
            dueAt: original.due_at ? original.due_at.toISOString() : null,
            priority: original.priority,
            labelIds: labels.map((label) => label.label_id),
          });
          await sql`
            INSERT INTO checklist_item (task_id, text, done, rank, created_by)
            SELECT ${copy.taskId}::uuid, text, done, rank, ${user.user_id}::uuid
            FROM checklist_item WHERE task_id = ${taskId}::uuid
          `.execute(trx);
          // The plan goes with it (same project, so the milestone is valid). Its cycle does not: a
          // copy is new work, planned into a cycle by a person.
          await sql`
            UPDATE task SET start_on = original.start_on, estimate = original.estimate,
              milestone_id = original.milestone_id
            FROM task original
            WHERE task.task_id = ${copy.taskId}::uuid AND original.task_id = ${taskId}::uuid
          `.execute(trx);
          return copy;
        }),
      ),
    (copy) => announceTaskCreated(copy, user.user_id),
  );
  const row = await taskSummary(db, created.taskId);
  if (!row) throw notFound('Task');
  return row;
}
