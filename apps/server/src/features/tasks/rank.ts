import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
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

/**
 * Which ranks of a column (in rank order, the moving task left out; tasks of equal rank give equal
 * values in any order) place a task at `index` (null: the end): for an index the ranks at index - 1
 * and index, for the end the last one. Both reads of them (queries.ts lockTaskAndColumn, rankAtIndex
 * and rankAtEnd here) take this window.
 */
export function neighbourWindow(index: number | null): {
  descending: boolean;
  offset: number;
  limit: number;
} {
  if (index === null) return { descending: true, offset: 0, limit: 1 };
  return { descending: false, offset: Math.max(index - 1, 0), limit: index === 0 ? 1 : 2 };
}

/**
 * The rank for a place in a column (`index`, or null for its end) from the ranks read with the
 * column's lock (queries.ts LockedTaskInColumn), and the two it goes between; null when they must be
 * read again: an index past the end (rankAtIndex answers 400), or two tasks sharing a rank.
 */
export function rankFromNeighbours(
  ranks: readonly string[],
  index: number | null,
): { rank: string; before: string | null; after: string | null } | null {
  let before: string | null = null;
  let after: string | null = null;
  if (index === null) before = ranks[0] ?? null;
  else if (index === 0) after = ranks[0] ?? null;
  else {
    if (ranks.length === 0) return null;
    before = ranks[0]!;
    after = ranks[1] ?? null;
  }
  if (before !== null && after !== null && before >= after) return null;
  return { rank: generateKeyBetween(before, after), before, after };
}

/**
 * The write's condition that no other live task of the column lies between `before` and `after`
 * (null: no bound). Neighbours read in the lock's statement may predate a write that held the lock
 * while it was awaited; the write's own statement sees that write, and then changes nothing.
 */
export function stillBetween(
  projectId: string,
  status: TaskStatus,
  taskId: string,
  before: string | null,
  after: string | null,
): RawBuilder<unknown> {
  return sql`NOT EXISTS (
    SELECT 1 FROM task AS other
    WHERE other.project_id = ${projectId} AND other.status = ${status} AND other.deleted_at IS NULL
      AND other.task_id <> ${taskId}${before === null ? sql`` : sql` AND other.rank > ${before}`}${
        after === null ? sql`` : sql` AND other.rank < ${after}`
      }
  )`;
}

/** Writes a change that gives the task `rank`, on condition `guard` when given; undefined when it did not hold. */
export type PlacedWrite = (rank: string, guard?: RawBuilder<unknown>) => Promise<string | undefined>;

/**
 * Puts a task locked with its column (queries.ts lockTaskAndColumn) at `index` of that column (null:
 * its end) through `write`: at the rank its neighbours read with the lock give, on condition that no
 * task came between them meanwhile; when one did (a concurrent move on PostgreSQL) or they cannot
 * place it, at the rank the column read again under the lock gives.
 */
export async function placeInColumn(
  trx: Trx,
  task: { task_id: string; project_id: string; neighbour_ranks: readonly string[] },
  status: TaskStatus,
  index: number | null,
  write: PlacedWrite,
): Promise<string | undefined> {
  const placed = rankFromNeighbours(task.neighbour_ranks, index);
  if (placed) {
    const guard = stillBetween(task.project_id, status, task.task_id, placed.before, placed.after);
    const written = await write(placed.rank, guard);
    if (written !== undefined) return written;
  }
  const rank =
    index === null
      ? await rankAtEnd(trx, task.project_id, status, task.task_id)
      : await rankAtIndex(trx, task.project_id, status, index, task.task_id);
  return write(rank);
}

/** A rank after every task of the column. Call with the column locked. */
export async function rankAtEnd(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  excludeTaskId: string | null = null,
): Promise<string> {
  const last = await neighbours(trx, projectId, status, excludeTaskId, null);
  // The end always places a task: rankFromNeighbours answers null only for an index.
  return rankFromNeighbours(last, null)!.rank;
}

/** The ranks of neighbourWindow(index) in the column, read now. */
async function neighbours(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  excludeTaskId: string | null,
  index: number | null,
): Promise<string[]> {
  const { descending, offset, limit } = neighbourWindow(index);
  let query = column(trx, projectId, status, excludeTaskId);
  if (descending) query = query.clearOrderBy().orderBy('rank', 'desc').orderBy('task_id', 'desc');
  const rows = await query.offset(offset).limit(limit).execute();
  return rows.map((row) => row.rank);
}

/**
 * The rank that puts a task at `index` of the column, counted without the task itself
 * (0 = first; the column's length = last). An index past the end is a 400. Call with the column locked.
 */
async function rankAtIndex(
  trx: Trx,
  projectId: string,
  status: TaskStatus,
  index: number,
  excludeTaskId: string,
): Promise<string> {
  const ranks = await neighbours(trx, projectId, status, excludeTaskId, index);
  const placed = rankFromNeighbours(ranks, index);
  if (placed) return placed.rank;
  if (ranks.length === 0) {
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
  // Two tasks share a rank (a write that did not go through the column lock): spread the column
  // out again, then place the task between its new neighbours.
  await respreadColumn(trx, projectId, status, excludeTaskId);
  return rankAtIndex(trx, projectId, status, index, excludeTaskId);
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
