import { type CreateTaskInput, contentFromDescription } from '@figgle/shared/task-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';
import { announceTold, collectTold, takeTold } from '../../notifications/commands/record.ts';
import { type TaskSummaryRow, taskSummary } from '../queries.ts';
import { announceChange } from './change-task.ts';
import { announceTaskCreated, insertTask } from './insert-task.ts';
import { placeUnderParent } from './set-task-parent.ts';

/** A task made by a person in a project's list or board; answers the task as its lists show it. */
export async function createTask(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, task }: { projectId: string; task: CreateTaskInput },
): Promise<TaskSummaryRow> {
  await authorize(db, user, 'task.create', await organizationOfProject(db, projectId), 'Project');
  // A task made for someone else tells them: the log trigger writes the 'assignment', and says so.
  const assigned = Boolean(task.assignee_id && task.assignee_id !== user.user_id);
  const created = await publishAfterCommit(
    bus,
    // Tasks made in one project at once would wait for each other inside their transactions anyway
    // (the project row holds the next reference). Waiting here instead, in turn, holds no database
    // connection while waiting, and keeps creation times in the order of the references and of the
    // ranks given at the end of a column: a task with a greater number was made later, and the
    // board's compact shape stays compact (docs/decisions/0015).
    () =>
      serially(`task-creation:${projectId.toLowerCase()}`, () =>
        db.transaction().execute(async (trx) => {
          if (assigned) await collectTold(trx);
          const inserted = await insertTask(trx, {
            projectId,
            title: task.title,
            status: task.status ?? 'TODO',
            assigneeId: task.assignee_id ?? null,
            authorId: user.user_id,
            authorName: `${user.firstname} ${user.lastname}`.trim(),
            contentJson: contentFromDescription(task.description ?? ''),
            isFromFigma: false,
            figmaClientMeta: null,
            dueOn: task.due_on ?? null,
            startOn: task.start_date ?? null,
            dueAt: task.due_at ?? null,
            priority: task.priority ?? 'NONE',
            labelIds: task.label_ids ?? [],
          });
          // A sub-task from the start: refused (a parent elsewhere, one full) with the whole creation.
          const parents = task.parent_id
            ? (
                await placeUnderParent(trx, user, { taskId: inserted.taskId, parentId: task.parent_id })
              ).slice(1)
            : [];
          return { ...inserted, parents, told: assigned ? await takeTold(trx) : [] };
        }),
      ),
    ({ parents, told, ...created }) => [
      announceTaskCreated(created, user.user_id),
      ...parents.flatMap((parent) => announceChange(parent, user.user_id) ?? []),
      ...announceTold(told, [created], user.user_id),
    ],
  );
  const row = await taskSummary(db, created.taskId);
  if (!row) throw notFound('Task');
  return row;
}
