import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { mailLocale, mailText } from '../../mail/i18n.ts';
import { NOTIFICATION_DIGEST_JOB, scheduleDigest } from './digest-schedule.ts';
import { itemsByTask } from './notification-lines.ts';
import { recipientOf, unreadForDigest } from './queries.ts';
import { sendNotificationEmail } from './send-notification-email.ts';

const payloadSchema = z.object({ user_id: z.uuid(), local_date: z.string() });
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest, due at 08:00 in the person's time zone: their unread "For me" notifications of
 * the last day, or no email when there are none. It stores the next day's digest in the transaction
 * that marks it done, so the chain of days survives a crash and is never doubled.
 */
export const notificationDigestHandler: JobHandler = {
  kind: NOTIFICATION_DIGEST_JOB,
  async run({ deps, job, completeIn }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored digest cannot be read.');
    const recipient = await recipientOf(deps.db, payload.data.user_id);
    if (!recipient?.daily_digest || !recipient.time_zone || recipient.email_level === 'nothing') return;
    const now = deps.clock.now();
    const rows = await unreadForDigest(deps.db, recipient.user_id, new Date(now.getTime() - DAY_MS), now);
    if (rows.length > 0) {
      const locale = mailLocale(recipient.locale);
      const count = rows.length;
      await sendNotificationEmail(deps, recipient, {
        subject: mailText(locale, 'notification.digestSubject', { count }),
        intro: recipient.firstname
          ? mailText(locale, 'notification.digestIntroNamed', { firstname: recipient.firstname, count })
          : mailText(locale, 'notification.digestIntro', { count }),
        items: itemsByTask(deps.env.PUBLIC_URL, rows, locale),
      });
    }
    const timeZone = recipient.time_zone;
    await deps.db.transaction().execute(async (trx) => {
      await completeIn(trx);
      await scheduleDigest(trx, recipient.user_id, timeZone, now);
    });
  },
};
