import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { writeTaskPlanLink } from '../../../commands/task-field-writes.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { allowRole, roleIn } from '../../../policies/authorize.ts';

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
  await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const task = await trx
          .selectFrom('task')
          .innerJoin('project', 'project.project_id', 'task.project_id')
          .leftJoin('milestone', 'milestone.milestone_id', 'task.milestone_id')
          .select(['task.project_id', 'project.organization_id', 'task.milestone_id', 'milestone.name'])
          .where('task.task_id', '=', taskId)
          .where('task.deleted_at', 'is', null)
          .where('project.deleted_at', 'is', null)
          .forUpdate('task')
          .executeTakeFirst();
        if (!task) throw notFound('Task');
        allowRole(await roleIn(trx, user.user_id, task.organization_id), 'task.update', 'Task');
        const place = { organizationId: task.organization_id, projectId: task.project_id };
        if (task.milestone_id === milestoneId) return { ...place, changed: false };

        const next = milestoneId
          ? await trx
              .selectFrom('milestone')
              .select(['milestone_id', 'name'])
              .where('milestone_id', '=', milestoneId)
              .where('project_id', '=', task.project_id)
              .executeTakeFirst()
          : null;
        if (milestoneId && !next) {
          throw badRequest(OTHER_PROJECT, [
            { path: 'body.milestone_id', message: 'is not a milestone of this project' },
          ]);
        }
        await writeTaskPlanLink(
          trx,
          user,
          { taskId, ...place },
          {
            column: 'milestone_id',
            value: milestoneId,
            logType: 'MILESTONE',
            metadata: {
              milestone: {
                old: task.milestone_id ? { milestone_id: task.milestone_id, name: task.name ?? '' } : null,
                new: next ? { milestone_id: next.milestone_id, name: next.name } : null,
              },
            },
          },
        );
        return { ...place, changed: true };
      }),
    (written) => (written.changed ? taskUpdated({ ...written, taskId }, user.user_id) : null),
  );
}
