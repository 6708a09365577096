import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { mailLocale, mailText } from '../../mail/i18n.ts';
import { itemsByTask, notificationLine, taskReference } from './notification-lines.ts';
import { notificationForEmail, recipientOf } from './queries.ts';
import { sendNotificationEmail } from './send-notification-email.ts';

/** A mention or an assignment: one email, right away (queued by the trigger of migration 0014). */
const NOTIFICATION_EMAIL_JOB = 'notification_email';

const payloadSchema = z.object({ notification_id: z.uuid() });

export const notificationEmailHandler: JobHandler = {
  kind: NOTIFICATION_EMAIL_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored notification cannot be read.');
    // Read now, not when it was queued: a person who left the organization, chose "Nothing" or
    // made the change themselves gets nothing, and that is this job done.
    const row = await notificationForEmail(deps.db, payload.data.notification_id);
    if (!row) return;
    const recipient = await recipientOf(deps.db, row.user_id);
    if (!recipient || recipient.email_level === 'nothing') return;
    const locale = mailLocale(recipient.locale);
    const who = row.actor_name ?? mailText(locale, 'notification.someone');
    const values = { who, reference: taskReference(row), title: row.task_title };
    await sendNotificationEmail(deps, recipient, {
      subject: mailText(
        locale,
        row.kind === 'mention' ? 'notification.mentionSubject' : 'notification.assignmentSubject',
        values,
      ),
      intro: `${notificationLine(row, locale)}.`,
      items: itemsByTask(deps.env.PUBLIC_URL, [row], locale),
    });
  },
};
