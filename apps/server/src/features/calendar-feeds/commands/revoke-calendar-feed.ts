import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';

/**
 * Ends one of the signed-in person's feeds: its address answers 404 from the next fetch on, exactly
 * as an address that never existed. Someone else's feed, or one already revoked, is a 404.
 */
export async function revokeCalendarFeed(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { calendarFeedId }: { calendarFeedId: string },
): Promise<void> {
  const revoked = await db
    .updateTable('calendar_feed')
    .set({ revoked_at: sql<Date>`now()` })
    .where('calendar_feed_id', '=', calendarFeedId)
    .where('user_id', '=', user.user_id)
    .where('revoked_at', 'is', null)
    .returning('calendar_feed_id')
    .executeTakeFirst();
  if (!revoked) throw notFound('Calendar feed');
}
