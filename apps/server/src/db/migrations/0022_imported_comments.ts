import { type Kysely, sql } from 'kysely';

/**
 * A comment brought in by an import is marked (issue 37): its author is only a name the file gave,
 * which may be any member's, so the task page says "Imported" beside it. Comments imported before
 * this migration cannot be told from those of a deleted account (both have no author_id and keep a
 * name) and stay unmarked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE comment ADD COLUMN imported boolean NOT NULL DEFAULT false`.execute(db);
}
