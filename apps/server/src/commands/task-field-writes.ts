import type { LogMetadata } from '@figgle/shared/log-type';
import type { Transaction } from 'kysely';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Database, LogType } from '../db/schema.ts';

/**
 * Sets one of a task's plan links (its milestone, its cycle) inside the caller's transaction, with a
 * new version and the log line that says what it was and what it became. The caller has locked the
 * task and checked the role and the value.
 */
export async function writeTaskPlanLink(
  trx: Transaction<Database>,
  user: CurrentUser,
  task: { taskId: string; projectId: string; organizationId: string },
  change: {
    column: 'milestone_id' | 'cycle_id';
    value: string | null;
    logType: LogType;
    metadata: LogMetadata;
  },
): Promise<void> {
  await trx
    .updateTable('task')
    .set((eb) => ({
      [change.column]: change.value,
      version: eb('version', '+', 1),
      updated_at: new Date(),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', task.taskId)
    .execute();
  await trx
    .insertInto('log')
    .values({
      task_id: task.taskId,
      project_id: task.projectId,
      organization_id: task.organizationId,
      author_id: user.user_id,
      type: change.logType,
      metadata: JSON.stringify(change.metadata),
    })
    .execute();
}
