import { type Kysely, sql } from 'kysely';

/**
 * Makes figgle_move_task (0004) read a place's neighbours ordered by rank alone. A second key (task_id)
 * would only order tasks of equal rank, and the function leaves rank values as they are, so it
 * changes no answer; it only adds an incremental sort above the board index (project_id, status,
 * rank), which hands the rows over in order by itself. Why a drag's statements are counted this
 * closely: docs/decisions/0008-speed-devices.md.
 *
 * The function's body is edited in place (pg_get_functiondef gives it back as written), so the rest
 * of it stays where it is, in 0004.
 */
const EDITS: ReadonlyArray<readonly [string, string]> = [
  ['ORDER BY other.rank DESC, other.task_id DESC LIMIT 1', 'ORDER BY other.rank DESC LIMIT 1'],
  ['ORDER BY other.rank, other.task_id\n', 'ORDER BY other.rank\n'],
];

/** figgle_move_task's CREATE OR REPLACE statement, as the database holds it now. */
async function moveTaskDefinition(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_functiondef('figgle_move_task'::regproc) AS definition
  `.execute(db);
  return rows[0]!.definition;
}

async function editMoveTask(db: Kysely<unknown>, edits: ReadonlyArray<readonly [string, string]>) {
  let definition = await moveTaskDefinition(db);
  for (const [from, to] of edits) {
    if (!definition.includes(from)) throw new Error(`figgle_move_task has no "${from.trim()}" to change`);
    definition = definition.replace(from, to);
  }
  await sql.raw(definition).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await editMoveTask(db, EDITS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await editMoveTask(
    db,
    EDITS.map(([before, after]) => [after, before] as const),
  );
}
