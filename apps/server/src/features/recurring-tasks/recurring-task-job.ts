import { sql } from 'kysely';
import { taskUpdated } from '../../commands/announcements.ts';
import { publishAfterTransaction } from '../../commands/publish-after-commit.ts';
import type { DeltaJson } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { announceTaskCreated, insertTask } from '../tasks/commands/insert-task.ts';
import { isCompleted } from './completion.ts';
import { nextDueOf } from './next-due.ts';

/**
 * The next occurrence of a repeating task (docs/product.md#recurring-tasks), stored by the trigger of
 * migration 0034 when the task's status changes. In one transaction: the series row is locked; when
 * it is still on this task and the task is complete, the next task is made (title, description,
 * checklist unticked, labels, priority, estimate, assignee while still a member) with the next due
 * date, the row moves to it, and the job is marked done. A crash before the commit leaves nothing and
 * the job runs again; a run after the commit finds the row gone from this task and does nothing, so
 * there is one next occurrence whatever the number of servers or restarts.
 */
/** Stored by the trigger of migration 0034 (the kind is written there too). */
const RECURRING_TASK_JOB = 'recurring_task';

export const recurringTaskHandler: JobHandler = {
  kind: RECURRING_TASK_JOB,
  async run({ deps, job, completeIn }) {
    const taskId = String(job.payload.task_id);
    // When the status changed, on the server's clock (a test's driven clock runs ahead of the database's).
    const changedAt = new Date(Date.parse(String(job.payload.changed_at)) + deps.clock.aheadMs());
    await publishAfterTransaction(
      deps,
      async (trx) => {
        const series = await trx
          .selectFrom('task_recurrence')
          .innerJoin('organization', 'organization.organization_id', 'task_recurrence.organization_id')
          .select([
            'task_recurrence.rrule',
            'task_recurrence.after_completion',
            sql<string>`to_char(task_recurrence.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
            'task_recurrence.occurrence',
            'organization.time_zone',
          ])
          .where('task_recurrence.task_id', '=', taskId)
          .forUpdate('task_recurrence')
          .executeTakeFirst();
        const task = series
          ? await trx
              .selectFrom('task')
              .innerJoin('project', 'project.project_id', 'task.project_id')
              .select([
                'task.project_id',
                'project.organization_id',
                'task.title',
                'task.status_category',
                'task.author_id',
                'task.author_name',
                'task.assignee_id',
                'task.content_json',
                'task.priority',
                'task.due_at',
                sql<string | null>`to_char(task.due_on, 'YYYY-MM-DD')`.as('due_on'),
              ])
              .where('task.task_id', '=', taskId)
              .where('task.deleted_at', 'is', null)
              .where('project.deleted_at', 'is', null)
              .forUpdate('task')
              .executeTakeFirst()
          : undefined;
        if (!series || !task || !isCompleted(task.status_category)) {
          await completeIn(trx);
          return null;
        }
        const due = nextDueOf(series, task, changedAt);
        if (due === null) {
          // COUNT or UNTIL ended the series: the task no longer repeats.
          await trx.deleteFrom('task_recurrence').where('task_id', '=', taskId).execute();
          await completeIn(trx);
          return null;
        }
        const labels = await trx
          .selectFrom('task_label')
          .select('label_id')
          .where('task_id', '=', taskId)
          .execute();
        // The assignee may have left the organization since: the next one then has none.
        const assigneeStays =
          task.assignee_id !== null &&
          (await trx
            .selectFrom('rule')
            .select('rule_id')
            .where('user_id', '=', task.assignee_id)
            .where('organization_id', '=', task.organization_id)
            .executeTakeFirst()) !== undefined;
        const next = await insertTask(trx, {
          projectId: task.project_id,
          title: task.title,
          status: 'TODO',
          assigneeId: assigneeStays ? task.assignee_id : null,
          authorId: task.author_id,
          authorName: task.author_name,
          contentJson: task.content_json as DeltaJson,
          isFromFigma: false,
          figmaClientMeta: null,
          // A due time keeps its wall-clock time in the organization's zone, across daylight saving.
          dueOn: due.dueOn,
          dueAt: due.dueAt,
          priority: task.priority,
          labelIds: labels.map((label) => label.label_id),
        });
        await sql`
            INSERT INTO checklist_item (task_id, text, done, rank, created_by)
            SELECT ${next.taskId}::uuid, text, false, rank, created_by
            FROM checklist_item WHERE task_id = ${taskId}::uuid
          `.execute(trx);
        await sql`
            UPDATE task SET estimate = original.estimate
            FROM task original
            WHERE task.task_id = ${next.taskId}::uuid AND original.task_id = ${taskId}::uuid
          `.execute(trx);
        await trx
          .updateTable('task_recurrence')
          .set((eb) => ({
            task_id: next.taskId,
            previous_task_id: taskId,
            occurrence: eb('occurrence', '+', 1),
            updated_at: new Date(),
          }))
          .where('task_id', '=', taskId)
          .execute();
        await completeIn(trx);
        return next;
      },
      // The completed task's page reads its repetition again: it now points at the next one.
      (next) => (next ? [announceTaskCreated(next, null), taskUpdated({ ...next, taskId }, null)] : null),
    );
  },
};
