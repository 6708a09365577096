import type { EstimateScale } from '@figgle/shared/estimate';
import type { LogMetadata } from '@figgle/shared/log-type';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Database, LogType, TaskStatus } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { allowRole, roleIn } from '../policies/authorize.ts';
import type { Action } from '../policies/can.ts';
import { logRow } from './log-rows.ts';

export interface LockedTaskPlan {
  taskId: string;
  projectId: string;
  organizationId: string;
  milestoneId: string | null;
  cycleId: string | null;
}

/** A live task locked for a write: its place, plan links, and what its writers check first. */
export interface LockedTask extends LockedTaskPlan {
  status: TaskStatus;
  estimate: string | null;
  estimateScale: EstimateScale;
}

/**
 * The first step of a write to a task, inside its transaction: the live task of a live project is
 * locked (two writes to it run one after the other) and the person must be allowed `action` on it
 * (404 outside its organization, as everywhere; 403 for a role without it).
 */
export async function lockLiveTask(
  trx: Transaction<Database>,
  user: CurrentUser,
  taskId: string,
  action: Action,
): Promise<LockedTask> {
  const task = await trx
    .selectFrom('task')
    .innerJoin('project', 'project.project_id', 'task.project_id')
    .select([
      'task.project_id',
      'project.organization_id',
      'task.milestone_id',
      'task.cycle_id',
      'task.status',
      'task.estimate',
      'project.estimate_scale',
    ])
    .where('task.task_id', '=', taskId)
    .where('task.deleted_at', 'is', null)
    .where('project.deleted_at', 'is', null)
    .forUpdate('task')
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  allowRole(await roleIn(trx, user.user_id, task.organization_id), action, 'Task');
  return {
    taskId,
    projectId: task.project_id,
    organizationId: task.organization_id,
    milestoneId: task.milestone_id,
    cycleId: task.cycle_id,
    status: task.status,
    estimate: task.estimate,
    estimateScale: task.estimate_scale,
  };
}

/**
 * The first step of a plan-link write, inside its transaction: `lockLiveTask` for `task.update`.
 */
export function lockTaskToPlan(
  trx: Transaction<Database>,
  user: CurrentUser,
  taskId: string,
): Promise<LockedTaskPlan> {
  return lockLiveTask(trx, user, taskId, 'task.update');
}

/**
 * Sets one of a task's plan links (its milestone, its cycle) inside the caller's transaction, with a
 * new version and the log line that says what it was and what it became. The caller has locked the
 * task and checked the role and the value.
 */
export async function writeTaskPlanLink(
  trx: Transaction<Database>,
  user: CurrentUser,
  task: Pick<LockedTaskPlan, 'taskId' | 'projectId' | 'organizationId'>,
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
    .values(logRow(task, user.user_id, change.logType, change.metadata))
    .execute();
}

/**
 * Inside a write's transaction, for a write to what a task holds (its checklist, its links to
 * designs): the live task row is locked (two such writes to one task run one after the other) and
 * takes a new version, so the open copies of the task read it again. 404 when the task is gone.
 */
export async function touchTask(trx: Kysely<Database>, taskId: string, userId: string | null): Promise<void> {
  const touched = await trx
    .updateTable('task')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql`now()`, last_modified_by: userId }))
    .where('task_id', '=', taskId)
    .where('deleted_at', 'is', null)
    .returning('task_id')
    .executeTakeFirst();
  if (!touched) throw notFound('Task');
}
