import type { BulkChangeTasksInput } from '@figgle/shared/bulk-task-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { planTaskInCycle } from '../../cycles/commands/plan-task-in-cycle.ts';
import { announceChangeNotifications } from '../../notifications/commands/record.ts';
import { announceUnblocked } from '../../notifications/commands/record-unblocked.ts';
import { announceChange, type ChangedTask, changeTask, type TaskChange } from './change-task.ts';

/**
 * A bulk change from the list's selection bar (or its undo): each named task goes through
 * figgle_change_task, the same statement as a PATCH, so each gets its own log row, version and
 * rules (a refused role, an assignee outside the organization). All of it runs in one transaction:
 * the first refusal (404, 403, 400) rolls back every task changed before it. After the commit, each
 * changed task gets its own bus event (the bus has no batch event), and the people its change told
 * are read for all the tasks in one statement. A cycle (cycle_id) is written first, by the cycles
 * feature's own step with its CYCLE log row; the summary figgle_change_task then reads carries it.
 */
export async function bulkChangeTasks(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { groups }: BulkChangeTasksInput,
): Promise<ChangedTask[]> {
  const since = new Date();
  // In task id order, so two bulk changes over the same tasks take their locks in the same order.
  const steps = groups
    .flatMap((group) =>
      group.task_ids.map((taskId) => ({
        taskId,
        change: taskChangeOf(group.changes),
        cycleId: group.changes.cycle_id,
      })),
    )
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0));
  const changed = await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const done = new Map<string, ChangedTask>();
        for (const { taskId, change, cycleId } of steps) {
          const planned = cycleId === undefined ? null : await planTaskInCycle(trx, user, taskId, cycleId);
          const task = await changeTask(trx, user, taskId, change, 'task.update');
          done.set(taskId, planned?.changed ? { ...task, changed: true } : task);
        }
        return done;
      }),
    (done) => [...done.values()].flatMap((task) => announceChange(task, user.user_id)),
  );
  // The people told, read once for every changed task; the tasks unblocked, per finished task.
  await announceChangeNotifications({ db, bus }, [...changed.values()], user.user_id, since);
  for (const task of changed.values()) await announceUnblocked({ db, bus }, task, user.user_id, since);
  // In the order the request named them.
  return groups.flatMap((group) => group.task_ids.map((taskId) => changed.get(taskId)!));
}

function taskChangeOf(fields: BulkChangeTasksInput['groups'][number]['changes']): TaskChange {
  return {
    status: fields.status,
    assigneeId: fields.assignee_id,
    dueOn: fields.due_on,
    dueAt: fields.due_at,
    priority: fields.priority,
  };
}
