import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * "Blocks" relations of one organization are written one after the other: a transaction-scoped lock,
 * taken after the rows of the tasks involved are locked (in task id order, as every writer of relations
 * does, so no two writers wait on each other), so two writes that would close a loop between them
 * cannot both pass the check: the second sees the first. Relations by hand (task-relations.ts), an
 * import's relations (place-structure.ts) and a restore's (restore-trash-item.ts) all take it.
 */
export async function lockBlockers(trx: Kysely<Database>, organizationId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-blocks:${organizationId}`}, 0))`.execute(
    trx,
  );
}

/** Locks live tasks' rows in id order (the order task-relations.ts locks a pair in). */
export async function lockTasksInOrder(trx: Kysely<Database>, taskIds: readonly string[]): Promise<void> {
  const ids = [...new Set(taskIds)].sort();
  if (ids.length === 0) return;
  await sql`
    SELECT task_id FROM task WHERE task_id = ANY(${ids}::uuid[]) ORDER BY task_id FOR UPDATE
  `.execute(trx);
}

type Edges = Map<string, string[]>;

/** The stored "blocks" edges reachable from `starts` (each task read once, UNION). */
async function reachableEdges(trx: Kysely<Database>, starts: readonly string[]): Promise<Edges> {
  const { rows } = await sql<{ from_task_id: string; to_task_id: string }>`
    WITH RECURSIVE reach (task_id) AS (
      SELECT unnest(${[...new Set(starts)]}::uuid[])
      UNION
      SELECT relation.to_task_id FROM reach
      JOIN task_relation AS relation ON relation.from_task_id = reach.task_id AND relation.kind = 'blocks'
    )
    SELECT relation.from_task_id, relation.to_task_id FROM task_relation AS relation
    WHERE relation.kind = 'blocks' AND relation.from_task_id IN (SELECT task_id FROM reach)
  `.execute(trx);
  const next: Edges = new Map();
  for (const edge of rows)
    next.set(edge.from_task_id, [...(next.get(edge.from_task_id) ?? []), edge.to_task_id]);
  return next;
}

/**
 * Breadth first from `to`: the shortest chain of blockers back to `from`, as ids from `from` round
 * to itself ([from, to, …, from]); null when "`from` blocks `to`" closes no loop.
 */
function shortestLoop(next: Edges, from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string>([[to, to]]);
  const queue = [to];
  for (let index = 0; index < queue.length && !cameFrom.has(from); index++) {
    for (const task of next.get(queue[index]!) ?? []) {
      if (cameFrom.has(task)) continue;
      cameFrom.set(task, queue[index]!);
      queue.push(task);
    }
  }
  if (!cameFrom.has(from)) return null;
  const chain = [from];
  while (chain[0] !== to) chain.unshift(cameFrom.get(chain[0]!)!);
  return [from, ...chain];
}

/** Task references ("WEB-3") of ids, '?' for one gone. */
async function referencesOf(trx: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ task_id: string; ref: string }>`
    SELECT task.task_id, project.trigram || '-' || task.reference AS ref
    FROM task JOIN project ON project.project_id = task.project_id WHERE task.task_id = ANY(${[...new Set(ids)]}::uuid[])
  `.execute(trx);
  return new Map(rows.map((row) => [row.task_id, row.ref]));
}

/**
 * The chain of "blocks" that already leads from `to` back to `from`, shortest first, as references
 * from `from` round to itself ("WEB-3 → WEB-7 → WEB-3"); null when "`from` blocks `to`" closes no
 * loop. Call under lockBlockers.
 */
export async function loopThrough(trx: Kysely<Database>, from: string, to: string): Promise<string[] | null> {
  const loop = shortestLoop(await reachableEdges(trx, [to]), from, to);
  if (!loop) return null;
  const refOf = await referencesOf(trx, loop);
  return loop.map((id) => refOf.get(id) ?? '?');
}

/**
 * Relations about to be written together (an import's, a restore's), taken in their order: each
 * "blocks" that would close a loop, with the stored ones and those before it that passed, is left
 * out and answered with its loop as references; the others are kept and count for those after
 * them. One read of the stored edges for all of them. Call under lockBlockers.
 */
export async function leaveOutLoops<T extends { kind: string; from_task_id: string; to_task_id: string }>(
  trx: Kysely<Database>,
  relations: readonly T[],
): Promise<{ kept: T[]; leftOut: Array<{ relation: T; loop: string[] }> }> {
  const blocks = relations.filter((relation) => relation.kind === 'blocks');
  if (blocks.length === 0) return { kept: [...relations], leftOut: [] };
  // Every end is a start: an edge added below leads only to ends and what they reach.
  const next = await reachableEdges(
    trx,
    blocks.flatMap((relation) => [relation.from_task_id, relation.to_task_id]),
  );
  const kept: T[] = [];
  const loops: Array<{ relation: T; ids: string[] }> = [];
  for (const relation of relations) {
    if (relation.kind !== 'blocks') {
      kept.push(relation);
      continue;
    }
    const ids = shortestLoop(next, relation.from_task_id, relation.to_task_id);
    if (ids) {
      loops.push({ relation, ids });
      continue;
    }
    kept.push(relation);
    next.set(relation.from_task_id, [...(next.get(relation.from_task_id) ?? []), relation.to_task_id]);
  }
  if (loops.length === 0) return { kept, leftOut: [] };
  const refOf = await referencesOf(
    trx,
    loops.flatMap((entry) => entry.ids),
  );
  return {
    kept,
    leftOut: loops.map(({ relation, ids }) => ({ relation, loop: ids.map((id) => refOf.get(id) ?? '?') })),
  };
}
