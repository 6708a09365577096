import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { taskUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { writeTaskPlanLink } from '../../../commands/task-field-writes.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { allowRole, roleIn } from '../../../policies/authorize.ts';

const OTHER_PROJECT = "This is not a cycle of the task's project.";

/**
 * Plans a task into a cycle of its own project, or takes it out (null), with a CYCLE log line naming
 * both sides. A cycle of another project, of another organization or that does not exist is the same
 * 400, so nothing about other organizations leaks. Setting the cycle it has changes nothing.
 */
export async function setTaskCycle(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, cycleId }: { taskId: string; cycleId: string | null },
): Promise<void> {
  await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const task = await trx
          .selectFrom('task')
          .innerJoin('project', 'project.project_id', 'task.project_id')
          .leftJoin('cycle', 'cycle.cycle_id', 'task.cycle_id')
          .select([
            'task.project_id',
            'project.organization_id',
            'task.cycle_id',
            'cycle.number',
            'cycle.name',
          ])
          .where('task.task_id', '=', taskId)
          .where('task.deleted_at', 'is', null)
          .where('project.deleted_at', 'is', null)
          .forUpdate('task')
          .executeTakeFirst();
        if (!task) throw notFound('Task');
        allowRole(await roleIn(trx, user.user_id, task.organization_id), 'task.update', 'Task');
        const place = { organizationId: task.organization_id, projectId: task.project_id };
        if (task.cycle_id === cycleId) return { ...place, changed: false };

        const next = cycleId
          ? await trx
              .selectFrom('cycle')
              .select(['cycle_id', 'number', 'name'])
              .where('cycle_id', '=', cycleId)
              .where('project_id', '=', task.project_id)
              .executeTakeFirst()
          : null;
        if (cycleId && !next) {
          throw badRequest(OTHER_PROJECT, [
            { path: 'body.cycle_id', message: 'is not a cycle of this project' },
          ]);
        }
        await writeTaskPlanLink(
          trx,
          user,
          { taskId, ...place },
          {
            column: 'cycle_id',
            value: cycleId,
            logType: 'CYCLE',
            metadata: {
              cycle: {
                old:
                  task.cycle_id && task.number !== null
                    ? { cycle_id: task.cycle_id, number: task.number, name: task.name }
                    : null,
                new: next ?? null,
              },
            },
          },
        );
        return { ...place, changed: true };
      }),
    (written) => (written.changed ? taskUpdated({ ...written, taskId }, user.user_id) : null),
  );
}
