import type { UpdateNotificationPreferencesInput } from '@figgle/shared/notification-preference-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { cancelDigest, scheduleDigest } from '../digest-schedule.ts';

/**
 * A person's own choices: no policy beyond being signed in, nothing anyone else sees, so no bus event.
 * The digest to come is stored again with the choice, in its transaction: switched on, it is due at
 * the next 08:00 of the (maybe new) time zone; switched off, it is gone.
 */
export async function saveNotificationPreferences(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: CurrentUser,
  input: UpdateNotificationPreferencesInput,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_preference')
      .values({
        user_id: actor.user_id,
        email_level: input.email_level,
        daily_digest: input.daily_digest,
        time_zone: input.time_zone,
        ...(input.design_changes === undefined ? {} : { design_changes: input.design_changes }),
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          email_level: input.email_level,
          daily_digest: input.daily_digest,
          time_zone: input.time_zone,
          ...(input.design_changes === undefined ? {} : { design_changes: input.design_changes }),
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await cancelDigest(trx, actor.user_id);
    if (input.daily_digest) await scheduleDigest(trx, actor.user_id, input.time_zone, deps.clock.now());
  });
}
