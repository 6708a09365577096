import { formatRecurrence, parseRecurrence } from '@figgle/shared/recurrence';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockTaskToPlan } from '../../../commands/task-field-writes.ts';
import { dayIn } from '../zoned-time.ts';

/**
 * Makes a task repeat (PUT /api/tasks/:taskId/recurrence), or changes how. The rule counts from the
 * task's due day (in the organization's time zone), or from today when it has none; a changed rule
 * keeps the task's place in the series. The input was checked by recurrence-schemas.ts.
 */
export async function setTaskRecurrence(
  { db, bus, clock }: Pick<AppDeps, 'db' | 'bus' | 'clock'>,
  user: CurrentUser,
  input: { taskId: string; rrule: string; afterCompletion: boolean },
): Promise<void> {
  const rrule = formatRecurrence(parseRecurrence(input.rrule));
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const task = await lockTaskToPlan(trx, user, input.taskId);
      const zone = await trx
        .selectFrom('organization')
        .select('time_zone')
        .where('organization_id', '=', task.organizationId)
        .executeTakeFirstOrThrow();
      const due = await trx
        .selectFrom('task')
        .select(['due_at', sql<string | null>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on')])
        .where('task_id', '=', input.taskId)
        .executeTakeFirstOrThrow();
      const startsOn =
        due.due_on ?? (due.due_at ? dayIn(due.due_at, zone.time_zone) : dayIn(clock.now(), zone.time_zone));
      await trx
        .insertInto('task_recurrence')
        .values({
          task_id: input.taskId,
          organization_id: task.organizationId,
          rrule,
          after_completion: input.afterCompletion,
          starts_on: startsOn,
          created_by: user.user_id,
        })
        .onConflict((oc) =>
          oc.column('task_id').doUpdateSet({
            rrule,
            after_completion: input.afterCompletion,
            starts_on: startsOn,
            updated_at: new Date(),
          }),
        )
        .execute();
      return task;
    },
    (task) => taskUpdated(task, user.user_id),
  );
}
