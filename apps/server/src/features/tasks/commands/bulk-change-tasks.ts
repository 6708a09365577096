import type { BulkChangeTasksInput } from '@figgle/shared/bulk-task-schemas';
import type { CustomValue } from '@figgle/shared/custom-field-schemas';
import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { inOneBatch, publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { writeTaskCustomValue } from '../../custom-fields/commands/set-task-custom-value.ts';
import { planTaskInCycle } from '../../cycles/commands/plan-task-in-cycle.ts';
import { announceTold, collectTold, type Told, takeTold } from '../../notifications/commands/record.ts';
import { announceUnblocked } from '../../notifications/commands/record-unblocked.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { labelsOfOrganization, labelsOfTask, writeTaskLabels } from '../task-labels.ts';
import { type BulkMove, BulkMoves } from './bulk-move.ts';
import { announceChange, type ChangedTask, changeTasks, type TaskChange } from './change-task.ts';
import { announceMove, type MovedTask } from './move-task-to-project.ts';
import { writeTaskEstimate } from './task-estimate.ts';

/**
 * A bulk change from the list's selection bar (or its undo): each named task goes through
 * figgle_change_task, the function of a PATCH, all of them in one statement (changeTasks), so each
 * gets its own log row, version and rules (a refused role, an assignee outside the organization)
 * without a round trip, parse and plan per task (docs/machinery/bulk-changes.md); labels, an estimate and a custom
 * field's value follow, each with its own checks and log line. A move to another project comes
 * before them (bulk-move.ts: statuses mapped by name, then category, then the status_map the person
 * chose; a status with none is a 409 naming each). All of it runs in one transaction:
 * the first refusal (404, 403, 400) rolls back every task changed before it. After the commit, each
 * changed task gets its own bus event, all marked as one batch (each socket gets them in one
 * `batch` frame), then each person its change told (as its statements answered them) gets one. A
 * cycle (cycle_id) is written first, by the cycles feature's own step with its CYCLE log row; the
 * summary figgle_change_task then reads carries it.
 */
export async function bulkChangeTasks(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { groups }: BulkChangeTasksInput,
): Promise<ChangedTask[]> {
  // In task id order, so two bulk changes over the same tasks take their locks in the same order.
  const steps = groups
    .flatMap((group) =>
      group.task_ids.map((taskId) => ({
        taskId,
        change: taskChangeOf(group.changes),
        cycleId: group.changes.cycle_id,
        move: moveOf(group.changes),
        more: laterWritesOf(group.changes),
      })),
    )
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0));
  const changed = await publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const done = new Map<string, ChangedTask>();
        const moved: MovedTask[] = [];
        const moves = new BulkMoves(trx, user);
        const told: Told[] = [];
        // Label changes write log rows of their own: whom their trigger tells is collected too.
        const labelled = steps.some((step) => step.more?.labels);
        if (labelled) await collectTold(trx);
        const planned = new Set<string>();
        for (const { taskId, cycleId, move } of steps) {
          if (cycleId !== undefined && (await planTaskInCycle(trx, user, taskId, cycleId)).changed)
            planned.add(taskId);
          // Moved first, so a status in the same group is one of the project it moved to.
          const movedTask = move ? await moves.move(taskId, move) : null;
          if (movedTask) moved.push(movedTask);
        }
        moves.refuseUnmatched();
        // Every task's figgle_change_task in one statement, in the steps' (lock) order.
        const tasks = await changeTasks(trx, user, steps, 'task.update');
        // Whom the change's log rows told, before the later writes' label rows are noted too.
        told.push(...(await takeTold(trx)));
        for (const [at, task] of tasks.entries()) {
          const more = steps[at]!.more;
          const wrote = more ? await writeLater(trx, user, task, more) : false;
          const summary = wrote ? await summaryOf(trx, task.taskId) : task.summary;
          done.set(
            steps[at]!.taskId,
            planned.has(steps[at]!.taskId) || wrote ? { ...task, summary, changed: true } : task,
          );
        }
        // The label writes' log rows, noted since collectTold above.
        if (labelled) told.push(...(await takeTold(trx)));
        return { done, moved, told };
      }),
    // One batch: each socket gets what it may see of the whole change in one frame.
    // Then the live event of each person told, for their inbox.
    ({ done, moved, told }) => [
      ...inOneBatch([
        ...moved.flatMap((task) => announceMove(task, user.user_id)),
        ...[...done.values()].flatMap((task) => announceChange(task, user.user_id)),
      ]),
      ...announceTold(told, [...done.values()], user.user_id),
    ],
  ).then(({ done }) => done);
  // The tasks unblocked, per finished task.
  await announceUnblocked({ db, bus }, [...changed.values()], user.user_id);
  // In the order the request named them.
  return groups.flatMap((group) => group.task_ids.map((taskId) => changed.get(taskId)!));
}

type BulkChanges = BulkChangeTasksInput['groups'][number]['changes'];

function moveOf(fields: BulkChanges): BulkMove | null {
  if (fields.project_id === undefined) return null;
  const statusMap = new Map(
    Object.entries(fields.status_map ?? {}).map(([name, key]) => [name.toLowerCase(), key]),
  );
  return { projectId: fields.project_id.toLowerCase(), statusMap, status: fields.status };
}

/** What a group sets after figgle_change_task's fields: labels, estimate, a custom field's value. */
interface LaterWrites {
  estimate?: string | null;
  labels?: { set: string[] } | { add: string[]; remove: string[] };
  customValue?: { fieldId: string; value: CustomValue | null };
}

function laterWritesOf(fields: BulkChanges): LaterWrites | null {
  const lower = (ids: readonly string[] | undefined) => (ids ?? []).map((id) => id.toLowerCase());
  const labels =
    fields.label_ids !== undefined
      ? { set: lower(fields.label_ids) }
      : fields.add_label_ids || fields.remove_label_ids
        ? { add: lower(fields.add_label_ids), remove: lower(fields.remove_label_ids) }
        : undefined;
  const customValue = fields.custom_value
    ? { fieldId: fields.custom_value.field_id, value: fields.custom_value.value }
    : undefined;
  if (fields.estimate === undefined && !labels && !customValue) return null;
  return { estimate: fields.estimate, labels, customValue };
}

/**
 * The writes after figgle_change_task's, on the task it has just locked and authorized: each checks
 * its value (a label of another organization, an estimate off the project's scale, a field not on in
 * the project or a value not of its kind is a 400 that rolls the whole bulk change back) and writes
 * its own log line. Whether any of them changed the task.
 */
async function writeLater(
  trx: Transaction<Database>,
  user: CurrentUser,
  task: ChangedTask,
  { estimate, labels, customValue }: LaterWrites,
): Promise<boolean> {
  let wrote = false;
  if (estimate !== undefined) wrote = (await writeTaskEstimate(trx, user, task.taskId, estimate)).changed;
  if (labels) {
    const current = await labelsOfTask(trx, task.taskId);
    let wantedIds: string[];
    if ('set' in labels) wantedIds = labels.set;
    else {
      // A label to remove must be one of the organization's too, whether the task has it or not.
      await labelsOfOrganization(trx, task.organizationId, labels.remove);
      const removed = new Set(labels.remove);
      wantedIds = [...current.map((label) => label.label_id).filter((id) => !removed.has(id)), ...labels.add];
    }
    const wanted = await labelsOfOrganization(trx, task.organizationId, wantedIds);
    if (await writeTaskLabels(trx, user.user_id, task, current, wanted)) wrote = true;
  }
  if (customValue && (await writeTaskCustomValue(trx, user, { taskId: task.taskId, ...customValue })).changed)
    wrote = true;
  return wrote;
}

async function summaryOf(trx: Transaction<Database>, taskId: string): Promise<string> {
  const { rows } = await sql<{ body: string }>`
    SELECT ${taskSummaryJson}::text AS body FROM task ${TASK_PEOPLE} WHERE task.task_id = ${taskId}
  `.execute(trx);
  return rows[0]!.body;
}

function taskChangeOf(fields: BulkChanges): TaskChange {
  return {
    status: fields.status,
    assigneeId: fields.assignee_id,
    dueOn: fields.due_on,
    dueAt: fields.due_at,
    priority: fields.priority,
  };
}
