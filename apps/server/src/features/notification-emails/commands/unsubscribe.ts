import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { HttpError } from '../../../http/errors.ts';
import { cancelDigest } from '../digest-schedule.ts';
import { checkUnsubscribeToken } from '../unsubscribe-link.ts';

export interface Unsubscribed {
  email: string;
  /** Emails were already off: the link was used before (a mail provider's POST, a second click). */
  alreadyOff: boolean;
}

/**
 * The one-click unsubscribe of every notification email (RFC 8058): the signed link alone says who,
 * no session. A forged or expired link changes nothing. Emails go to "Nothing" and the digest off;
 * using the link again answers the same without writing.
 */
export async function unsubscribe(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  token: string,
): Promise<Unsubscribed> {
  const check = checkUnsubscribeToken(deps.env.SECRET, token, deps.clock.now());
  if (!check.valid) {
    throw check.reason === 'expired'
      ? new HttpError(
          410,
          'unsubscribe_link_expired',
          'This unsubscribe link has expired. Sign in and turn emails off in Settings → Notifications.',
        )
      : new HttpError(
          400,
          'unsubscribe_link_invalid',
          'This unsubscribe link is not valid: it may be cut short or changed. Use the link of a recent email, or sign in and turn emails off in Settings → Notifications.',
        );
  }
  return deps.db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('app_user as u')
      .leftJoin('notification_preference as np', 'np.user_id', 'u.user_id')
      .where('u.user_id', '=', check.userId)
      .select(['u.email', 'np.email_level', 'np.daily_digest'])
      .executeTakeFirst();
    if (!person) {
      throw new HttpError(
        404,
        'unsubscribe_account_gone',
        'This account no longer exists: it gets no emails.',
      );
    }
    if (person.email_level === 'nothing' && person.daily_digest === false) {
      return { email: person.email, alreadyOff: true };
    }
    await trx
      .insertInto('notification_preference')
      .values({ user_id: check.userId, email_level: 'nothing', daily_digest: false })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ email_level: 'nothing', daily_digest: false, updated_at: sql`now()` }),
      )
      .execute();
    await cancelDigest(trx, check.userId);
    return { email: person.email, alreadyOff: false };
  });
}
