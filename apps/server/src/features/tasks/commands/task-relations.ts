import type { LogMetadata } from '@figgle/shared/log-type';
import type { RelationSide } from '@figgle/shared/subtask-schemas';
import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { lockBlockers, loopThrough } from '../../../commands/blocker-loops.ts';
import { logRow, placeOf } from '../../../commands/log-rows.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database, RelationKind } from '../../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors.ts';
import { allowRole, roleIn } from '../../../policies/authorize.ts';
import { TASK_PEOPLE, taskSummaryJson } from '../queries.ts';
import { announceChange, type ChangedTask } from './change-task.ts';
import { liveTreeTask, type TreeTask } from './tree-task.ts';

/** The stored relation for a side as one task reads it: "A is blocked by B" is "B blocks A". */
function stored(
  side: RelationSide,
  self: string,
  other: string,
): { kind: RelationKind; from: string; to: string } {
  if (side === 'blocks') return { kind: 'blocks', from: self, to: other };
  if (side === 'blocked_by') return { kind: 'blocks', from: other, to: self };
  if (side === 'duplicates') return { kind: 'duplicates', from: self, to: other };
  if (side === 'duplicated_by') return { kind: 'duplicates', from: other, to: self };
  // "relates to" reads the same from both ends: one row, its ends in a fixed order.
  return self < other
    ? { kind: 'relates', from: self, to: other }
    : { kind: 'relates', from: other, to: self };
}

/** How the task `from` reads a relation, and how `to` reads it. */
function sidesOf(kind: RelationKind): [RelationSide, RelationSide] {
  if (kind === 'blocks') return ['blocks', 'blocked_by'];
  if (kind === 'duplicates') return ['duplicates', 'duplicated_by'];
  return ['relates', 'relates'];
}

const SIDE_WORDS: Record<RelationSide, string> = {
  blocks: 'blocks',
  blocked_by: 'is blocked by',
  relates: 'relates to',
  duplicates: 'duplicates',
  duplicated_by: 'is duplicated by',
};

/** Each task's version goes up, a RELATION line on each, and both summaries for the events. */
async function recordOnBoth(
  trx: Transaction<Database>,
  user: CurrentUser,
  kind: RelationKind,
  [from, to]: [TreeTask, TreeTask],
  added: boolean,
): Promise<ChangedTask[]> {
  const [fromSide, toSide] = sidesOf(kind);
  const changed: ChangedTask[] = [];
  for (const [task, other, side] of [
    [from, to, fromSide],
    [to, from, toSide],
  ] as const) {
    await trx
      .updateTable('task')
      .set((eb) => ({
        version: eb('version', '+', 1),
        updated_at: new Date(),
        last_modified_by: user.user_id,
      }))
      .where('task_id', '=', task.task_id)
      .execute();
    const metadata: LogMetadata = {
      relation: { kind: side, task_id: other.task_id, reference: other.ref, added },
    };
    await trx
      .insertInto('log')
      .values(logRow(placeOf(task), user.user_id, 'RELATION', metadata))
      .execute();
    const { rows } = await sql<{ body: string }>`
      SELECT ${taskSummaryJson}::text AS body FROM task ${TASK_PEOPLE} WHERE task.task_id = ${task.task_id}
    `.execute(trx);
    changed.push({
      taskId: task.task_id,
      projectId: task.project_id,
      organizationId: task.organization_id,
      status: task.status,
      changed: true,
      summary: rows[0]!.body,
    });
  }
  return changed;
}

/** Both tasks, locked in one order whatever the request's (no deadlock between two requests). */
async function bothTasks(trx: Transaction<Database>, user: CurrentUser, taskId: string, otherId: string) {
  const [firstId, secondId] = taskId < otherId ? [taskId, otherId] : [otherId, taskId];
  const first = await liveTreeTask(trx, firstId, true);
  const second = await liveTreeTask(trx, secondId, true);
  const self = first?.task_id === taskId ? first : second;
  const other = first?.task_id === taskId ? second : first;
  if (!self) throw notFound('Task');
  allowRole(await roleIn(trx, user.user_id, self.organization_id), 'task.update', 'Task');
  // Another organization's task is not told apart from a missing one.
  if (!other || other.organization_id !== self.organization_id)
    throw badRequest('Choose a task of the same organization.', [
      { path: 'task_id', message: 'is not a task of this organization' },
    ]);
  return { self, other };
}

/**
 * "Blocks" relations of one organization are added one after the other (a transaction-scoped lock,
 * taken once both tasks are locked and the person is allowed), so two relations sent together that
 * would close a loop between them (A blocks B, B blocks A) cannot both pass the check: the second
 * sees the first. A loop is refused (400, `dependency_loop`) with its tasks named, and nothing changes.
 */
async function refuseLoop(
  trx: Transaction<Database>,
  organizationId: string,
  from: string,
  to: string,
): Promise<void> {
  await lockBlockers(trx, organizationId);
  const loop = await loopThrough(trx, from, to);
  if (loop)
    throw new HttpError(400, 'dependency_loop', `This would make a loop: ${loop.join(' → ')}.`, [
      { path: 'task_id', message: 'would make a loop of blockers' },
    ]);
}

export interface AddedRelation {
  relationId: string;
  changed: ChangedTask[];
}

/**
 * POST /api/tasks/:taskId/relations: `side` as this task reads it ("blocked_by" WEB-9), to a task of
 * the same organization in any project. Itself, another organization, a "blocks" that would close a
 * loop of blockers and a relation the pair already holds are refused (400, 400, 400, 409) and change
 * nothing. Both tasks get a RELATION line and an event.
 */
export async function addTaskRelation(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, side, otherId }: { taskId: string; side: RelationSide; otherId: string },
): Promise<AddedRelation> {
  return publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        if (taskId === otherId)
          throw badRequest('A task cannot relate to itself.', [
            { path: 'task_id', message: 'is the task itself' },
          ]);
        const { self, other } = await bothTasks(trx, user, taskId, otherId);
        const relation = stored(side, self.task_id, other.task_id);
        if (relation.kind === 'blocks')
          await refuseLoop(trx, self.organization_id, relation.from, relation.to);
        const inserted = await trx
          .insertInto('task_relation')
          .values({
            organization_id: self.organization_id,
            from_task_id: relation.from,
            to_task_id: relation.to,
            kind: relation.kind,
            created_by: user.user_id,
          })
          .onConflict((oc) => oc.columns(['from_task_id', 'to_task_id', 'kind']).doNothing())
          .returning('relation_id')
          .executeTakeFirst();
        if (!inserted) throw conflict(`${self.ref} ${SIDE_WORDS[side]} ${other.ref} already.`);
        const pair: [TreeTask, TreeTask] = relation.from === self.task_id ? [self, other] : [other, self];
        return {
          relationId: inserted.relation_id,
          changed: await recordOnBoth(trx, user, relation.kind, pair, true),
        };
      }),
    (result) => result.changed.flatMap((task) => announceChange(task, user.user_id) ?? []),
  );
}

/** DELETE /api/tasks/:taskId/relations/:relationId: a relation of this task goes, from both ends. */
export async function removeTaskRelation(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { taskId, relationId }: { taskId: string; relationId: string },
): Promise<ChangedTask[]> {
  return publishAfterCommit(
    bus,
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('task_relation')
          .select(['from_task_id', 'to_task_id', 'kind'])
          .where('relation_id', '=', relationId)
          .where((eb) => eb.or([eb('from_task_id', '=', taskId), eb('to_task_id', '=', taskId)]))
          .executeTakeFirst();
        if (!row) throw notFound('Relation');
        const otherId = row.from_task_id === taskId ? row.to_task_id : row.from_task_id;
        const { self, other } = await bothTasks(trx, user, taskId, otherId);
        const deleted = await trx
          .deleteFrom('task_relation')
          .where('relation_id', '=', relationId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw notFound('Relation');
        const pair: [TreeTask, TreeTask] = row.from_task_id === self.task_id ? [self, other] : [other, self];
        return recordOnBoth(trx, user, row.kind, pair, false);
      }),
    (changed) => changed.flatMap((task) => announceChange(task, user.user_id) ?? []),
  );
}
