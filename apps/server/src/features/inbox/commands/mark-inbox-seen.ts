import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';

/**
 * Opening the inbox: the mark is kept on the user's row, so every device agrees on the dot.
 * The database's clock sets it, the one that stamped the entries it is compared with.
 */
export async function markInboxSeen({ db }: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<Date> {
  const row = await db
    .updateTable('app_user')
    .set({ inbox_seen_at: sql<Date>`now()` })
    .where('user_id', '=', user.user_id)
    .returning('inbox_seen_at')
    .executeTakeFirstOrThrow();
  return row.inbox_seen_at;
}
