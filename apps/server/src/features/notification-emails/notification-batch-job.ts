import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { mailLocale, mailText } from '../../mail/i18n.ts';
import { itemsByTask, taskReference } from './notification-lines.ts';
import { recipientOf, watchedInWindow } from './queries.ts';
import { sendNotificationEmail } from './send-notification-email.ts';

/** Comments and changes on watched tasks: one email per person per two-minute window (migration 0014). */
const NOTIFICATION_BATCH_JOB = 'notification_batch';

const payloadSchema = z.object({ user_id: z.uuid(), from: z.string(), until: z.string() });

export const notificationBatchHandler: JobHandler = {
  kind: NOTIFICATION_BATCH_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    const from = new Date(payload.data?.from ?? Number.NaN);
    const until = new Date(payload.data?.until ?? Number.NaN);
    if (!payload.success || Number.isNaN(until.getTime())) {
      throw new PermanentJobError('The stored batch cannot be read.');
    }
    const recipient = await recipientOf(deps.db, payload.data.user_id);
    if (recipient?.email_level !== 'watching') return;
    // '-infinity' (a person's first window) reads as an invalid date: from the window's start then.
    const since = Number.isNaN(from.getTime()) ? new Date(until.getTime() - 3 * 60_000) : from;
    const rows = await watchedInWindow(deps.db, recipient.user_id, since, until);
    if (rows.length === 0) return;
    const locale = mailLocale(recipient.locale);
    const items = itemsByTask(deps.env.PUBLIC_URL, rows, locale);
    const first = rows[0]!;
    const subject =
      items.length === 1
        ? mailText(locale, 'notification.batchSubjectOne', {
            reference: taskReference(first),
            title: first.task_title,
          })
        : mailText(locale, 'notification.batchSubjectMany', { count: items.length });
    await sendNotificationEmail(deps, recipient, {
      subject,
      intro: mailText(locale, 'notification.batchIntro', { count: rows.length }),
      items,
    });
  },
};
