import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, TaskStatus } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Serializes every write that picks a rank in one column (a project's status), until the
 * transaction ends: two drops at the same place can then never get the same rank. Columns of
 * other projects, and other columns of the same project, are not held up.
 */
export async function lockColumn(trx: Trx, projectId: string, status: TaskStatus): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${projectId}:${status}`}, 0))`.execute(trx);
}

function column(trx: Trx, projectId: string, status: TaskStatus, excludeTaskId: string | null) {
  let query = trx
    .selectFrom('task')
    .select(['task_id', 'rank'])
    .where('project_id', '=', projectId)
    .where('status', '=', status)
    .where('deleted_at', 'is', null);
  if (excludeTaskId) query = query.where('task_id', '!=', excludeTaskId);
  return query.orderBy('rank').orderBy('task_id');
}

/** A rank after every task of the column. Call with the column locked. */
export async function rankAtEnd(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  excludeTaskId: string | null = null,
): Promise<string> {
  const last = await column(trx, projectId, status, excludeTaskId)
    .clearOrderBy()
    .orderBy('rank', 'desc')
    .orderBy('task_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return generateKeyBetween(last?.rank ?? null, null);
}

/**
 * The rank that puts a task at `index` of the column, counted without the task itself
 * (0 = first; the column's length = last). An index past the end is a 400. Call with the column locked.
 */
export async function rankAtIndex(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  index: number,
  excludeTaskId: string,
): Promise<string> {
  const neighbours = await column(trx, projectId, status, excludeTaskId)
    .offset(Math.max(index - 1, 0))
    .limit(index === 0 ? 1 : 2)
    .execute();
  let before: string | null;
  let after: string | null;
  if (index === 0) {
    before = null;
    after = neighbours[0]?.rank ?? null;
  } else {
    if (neighbours.length === 0) {
      const { count } = await column(trx, projectId, status, excludeTaskId)
        .clearSelect()
        .clearOrderBy()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      throw badRequest(
        `The index ${index} is out of range: the column holds ${Number(count)} other task(s), so it must be between 0 and ${Number(count)}.`,
        [{ path: 'body.index', message: 'is out of range' }],
      );
    }
    before = neighbours[0]!.rank;
    after = neighbours[1]?.rank ?? null;
  }
  if (before !== null && after !== null && before >= after) {
    // Two tasks share a rank (a write that did not go through the column lock): spread the column
    // out again, then place the task between its new neighbours.
    await respreadColumn(trx, projectId, status, excludeTaskId);
    return rankAtIndex(trx, projectId, status, index, excludeTaskId);
  }
  return generateKeyBetween(before, after);
}

async function respreadColumn(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  excludeTaskId: string,
): Promise<void> {
  const tasks = await column(trx, projectId, status, excludeTaskId).execute();
  const ranks = generateNKeysBetween(null, null, tasks.length);
  for (const [position, task] of tasks.entries()) {
    await trx
      .updateTable('task')
      .set({ rank: ranks[position]! })
      .where('task_id', '=', task.task_id)
      .execute();
  }
}
