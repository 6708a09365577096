import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * Opening the inbox: the mark is kept on the user's row, so every device agrees on the dot.
 * The database's clock sets it, the one that stamped the entries it is compared with.
 */
export async function markInboxSeen(db: Kysely<Database>, userId: string): Promise<Date> {
  const row = await db
    .updateTable('app_user')
    .set({ inbox_seen_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .returning('inbox_seen_at')
    .executeTakeFirstOrThrow();
  return row.inbox_seen_at;
}
