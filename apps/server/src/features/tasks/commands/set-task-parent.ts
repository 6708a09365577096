import type { LogMetadata } from '@figgle/shared/log-type';
import { SUBTASKS_PER_PARENT_MAX } from '@figgle/shared/subtask-schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { logRow, placeOf } from '../../../commands/log-rows.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { allowRole, roleIn } from '../../../policies/authorize.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { announceChange, type ChangedTask } from './change-task.ts';
import { liveTreeTask, type TreeTask } from './tree-task.ts';

/** Whether `ancestorId` is `taskId` itself or above it, following parents up. */
async function isAtOrAbove(db: Kysely<Database>, ancestorId: string, taskId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    WITH RECURSIVE chain (task_id, parent_id, depth) AS (
      SELECT task_id, parent_id, 0 FROM task WHERE task_id = ${taskId}
      UNION ALL
      SELECT task.task_id, task.parent_id, chain.depth + 1
      FROM task JOIN chain ON task.task_id = chain.parent_id
      -- A chain longer than this is a cycle already stored: stop rather than loop.
      WHERE chain.depth < 100000
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE task_id = ${ancestorId}) AS found
  `.execute(db);
  return rows[0]?.found === true;
}

/** The summary of a task as the events carry it, read inside the transaction that changed it. */
async function changedTask(
  trx: Transaction<Database>,
  task: TreeTask,
  changed: boolean,
): Promise<ChangedTask> {
  const { rows } = await sql<{ body: string }>`
    SELECT ${taskSummaryJson}::text AS body FROM task ${TASK_PEOPLE} WHERE task.task_id = ${task.task_id}
  `.execute(trx);
  return {
    taskId: task.task_id,
    projectId: task.project_id,
    organizationId: task.organization_id,
    status: task.status,
    changed,
    summary: rows[0]!.body,
  };
}

async function writeParentLog(
  trx: Transaction<Database>,
  user: CurrentUser,
  task: TreeTask,
  metadata: LogMetadata,
): Promise<void> {
  await trx
    .insertInto('log')
    .values(logRow(placeOf(task), user.user_id, 'PARENT', metadata))
    .execute();
}

/** A parent's version goes up (its progress changed) and its log says which sub-task came or went. */
async function recordOnParent(
  trx: Transaction<Database>,
  user: CurrentUser,
  parent: TreeTask,
  child: TreeTask,
  added: boolean,
): Promise<ChangedTask> {
  await trx
    .updateTable('task')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date(), last_modified_by: user.user_id }))
    .where('task_id', '=', parent.task_id)
    .execute();
  await writeParentLog(trx, user, parent, {
    subtask: { task_id: child.task_id, reference: child.ref, added },
  });
  return changedTask(trx, parent, true);
}

/**
 * Inside the caller's transaction: makes `taskId` a sub-task of `parentId` (a task of the same
 * organization, in any of its projects), or a top-level task again with null. Refused with a 400 that
 * changes nothing: the task itself, a task below it (a cycle), another organization's task, a parent
 * that already has SUBTASKS_PER_PARENT_MAX sub-tasks. Parent changes of one organization take a lock
 * of their own, so two requests that would close a cycle together (A under B, B under A) run one
 * after the other and the second sees the first. A real change bumps the versions of the task and of
 * the parents it left and joined, writes a PARENT line on each, and answers all of them for the events
 * (the task first).
 */
export async function placeUnderParent(
  trx: Transaction<Database>,
  user: CurrentUser,
  { taskId, parentId }: { taskId: string; parentId: string | null },
): Promise<ChangedTask[]> {
  const first = await liveTreeTask(trx, taskId, false);
  if (!first) throw notFound('Task');
  allowRole(await roleIn(trx, user.user_id, first.organization_id), 'task.update', 'Task');
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-tree:${first.organization_id}`}, 0))`.execute(
    trx,
  );
  const task = await liveTreeTask(trx, taskId, true);
  if (!task) throw notFound('Task');

  let parent: TreeTask | undefined;
  if (parentId !== null) {
    if (parentId === taskId)
      throw badRequest('A task cannot be its own sub-task.', [issue('is the task itself')]);
    parent = await liveTreeTask(trx, parentId, false);
    // Another organization's task is not told apart from a missing one.
    if (!parent || parent.organization_id !== task.organization_id)
      throw badRequest('Choose a parent task of the same organization.', [
        issue('is not a task of this organization'),
      ]);
    if (await isAtOrAbove(trx, taskId, parentId))
      throw badRequest(
        `${parent.ref} is a sub-task of ${task.ref}: a task cannot go under its own sub-task.`,
        [issue('is below the task')],
      );
    const { count } = await trx
      .selectFrom('task')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('parent_id', '=', parentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (task.parent_id !== parentId && Number(count) >= SUBTASKS_PER_PARENT_MAX)
      throw badRequest(
        `${parent.ref} has ${SUBTASKS_PER_PARENT_MAX.toLocaleString('en')} sub-tasks, the most a task can have.`,
        [issue('has too many sub-tasks')],
      );
  }

  if (task.parent_id === parentId) return [await changedTask(trx, task, false)];
  const before = task.parent_id ? await liveTreeTask(trx, task.parent_id, false) : undefined;
  await trx
    .updateTable('task')
    .set((eb) => ({
      parent_id: parentId,
      // Last of its new parent's sub-tasks (migration 0024); none at the top level.
      subtask_position:
        parentId === null
          ? null
          : eb
              .selectFrom('task as sibling')
              .select(sql<number>`coalesce(max(sibling.subtask_position), 0) + 1`.as('next'))
              .where('sibling.parent_id', '=', parentId)
              .where('sibling.deleted_at', 'is', null),
      version: eb('version', '+', 1),
      updated_at: new Date(),
      last_modified_by: user.user_id,
    }))
    .where('task_id', '=', taskId)
    .execute();
  const side = (tree: TreeTask | undefined) => (tree ? { task_id: tree.task_id, reference: tree.ref } : null);
  await writeParentLog(trx, user, task, { parent: { old: side(before), new: side(parent) } });
  const changed = [await changedTask(trx, task, true)];
  if (before) changed.push(await recordOnParent(trx, user, before, task, false));
  if (parent) changed.push(await recordOnParent(trx, user, parent, task, true));
  return changed;
}

/** PUT /api/tasks/:taskId/parent: placeUnderParent in a transaction of its own; answers the task. */
export async function setTaskParent(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, parentId }: { taskId: string; parentId: string | null },
): Promise<ChangedTask> {
  const changed = await publishAfterCommit(
    bus,
    () => db.transaction().execute((trx) => placeUnderParent(trx, user, { taskId, parentId })),
    (tasks) => tasks.flatMap((task) => announceChange(task, user.user_id) ?? []),
  );
  return changed[0]!;
}

const issue = (message: string) => ({ path: 'parent_id', message });
