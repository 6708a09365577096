import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockTaskToPlan, writeTaskPlanLink } from '../../../commands/task-field-writes.ts';
import { badRequest } from '../../../http/errors.ts';

const OTHER_PROJECT = "This is not a milestone of the task's project.";

/**
 * Puts a task in a milestone of its own project, or in none (null), with a MILESTONE log line naming
 * both sides. A milestone of another project, of another organization or that does not exist is the
 * same 400, so nothing about other organizations leaks. Setting the milestone it has changes nothing.
 */
export async function setTaskMilestone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, milestoneId }: { taskId: string; milestoneId: string | null },
): Promise<void> {
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const task = await lockTaskToPlan(trx, user, taskId);
      if (task.milestoneId === milestoneId) return { ...task, changed: false };
      // Both sides by name, read in the task's own project.
      const named = await trx
        .selectFrom('milestone')
        .select(['milestone_id', 'name'])
        .where('project_id', '=', task.projectId)
        .where(
          'milestone_id',
          'in',
          [task.milestoneId, milestoneId].filter((id): id is string => id !== null),
        )
        .execute();
      const old = named.find((milestone) => milestone.milestone_id === task.milestoneId) ?? null;
      const next = named.find((milestone) => milestone.milestone_id === milestoneId) ?? null;
      if (milestoneId && !next) {
        throw badRequest(OTHER_PROJECT, [
          { path: 'body.milestone_id', message: 'is not a milestone of this project' },
        ]);
      }
      await writeTaskPlanLink(trx, user, task, {
        column: 'milestone_id',
        value: milestoneId,
        logType: 'MILESTONE',
        metadata: { milestone: { old, new: next } },
      });
      return { ...task, changed: true };
    },
    (written) => (written.changed ? taskUpdated(written, user.user_id) : null),
  );
}
