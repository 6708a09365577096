import { PassingJobError, PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobDeps } from '../../jobs/job-handler.ts';
import { mailLocale } from '../../mail/i18n.ts';
import { type NotificationItem, notificationEmail } from '../../mail/templates.ts';
import type { Recipient } from './queries.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

interface Email {
  subject: string;
  intro: string;
  items: NotificationItem[];
}

/**
 * Sends one notification email, or throws what the job worker needs to decide: a mail server that
 * cannot be reached or answers "try later" (4xx) passes, and is tried again with backoff; one that
 * refuses the message for good (5xx: no such mailbox) fails the job at once.
 */
export async function sendNotificationEmail(
  deps: Pick<JobDeps, 'env' | 'mailer' | 'clock'>,
  recipient: Recipient,
  email: Email,
): Promise<void> {
  const message = notificationEmail({
    to: recipient.email,
    subject: email.subject,
    intro: email.intro,
    items: email.items,
    unsubscribeUrl: unsubscribeUrl(deps.env, recipient.user_id, deps.clock.now()),
    settingsUrl: `${deps.env.PUBLIC_URL}/settings/notifications`,
    locale: mailLocale(recipient.locale),
  });
  try {
    await deps.mailer.send(message);
  } catch (error) {
    const responseCode = (error as { responseCode?: number }).responseCode;
    if (typeof responseCode === 'number' && responseCode >= 500) {
      throw new PermanentJobError(`The mail server refused the email (${responseCode}).`);
    }
    throw new PassingJobError(
      typeof responseCode === 'number'
        ? `The mail server asked to try again later (${responseCode}).`
        : 'The mail server could not be reached.',
    );
  }
}
