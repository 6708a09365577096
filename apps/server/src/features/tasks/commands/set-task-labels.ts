import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { lockLiveTask } from '../../../commands/task-field-writes.ts';
import { announceTold, collectTold, TOLD_JSON, type Told } from '../../notifications/commands/record.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { labelsOfOrganization, labelsOfTask, writeTaskLabels } from '../task-labels.ts';
import { announceChange, type ChangedTask } from './change-task.ts';

/**
 * PUT /api/tasks/:taskId/labels: the task carries exactly these labels of its organization afterwards
 * (a label of another organization is a 400 and changes nothing). A real change writes one LABELS log
 * row with the labels before and after, bumps the version and publishes the task event; the same
 * labels again change nothing. The task row stays locked until commit, so two people replacing the
 * labels at once each log what they really replaced.
 */
export async function setTaskLabels(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, labelIds }: { taskId: string; labelIds: readonly string[] },
): Promise<ChangedTask> {
  const changed = await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const task = await lockLiveTask(trx, user, taskId, 'task.update');
        const wanted = await labelsOfOrganization(trx, task.organizationId, labelIds);
        const current = await labelsOfTask(trx, taskId);
        // Whom the LABELS log row's trigger tells comes back with the summary below.
        await collectTold(trx);
        const changed = await writeTaskLabels(trx, user.user_id, task, current, wanted);
        const { rows } = await sql<{ body: string; told: Told[] }>`
          SELECT ${taskSummaryJson}::text AS body, ${TOLD_JSON} AS told
          FROM task ${TASK_PEOPLE} WHERE task.task_id = ${taskId}
        `.execute(trx);
        return {
          taskId,
          projectId: task.projectId,
          organizationId: task.organizationId,
          status: task.status,
          changed,
          summary: rows[0]!.body,
          told: rows[0]!.told,
        };
      }),
    (task) => [...announceChange(task, user.user_id), ...announceTold(task.told, [task], user.user_id)],
  );
  return changed;
}
