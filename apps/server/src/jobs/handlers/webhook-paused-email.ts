import { z } from 'zod';
import { mailLocale, mailText } from '../../mail/i18n.ts';
import { actionEmail } from '../../mail/templates.ts';
import { PassingJobError, PermanentJobError } from '../job-errors.ts';
import type { JobHandler } from '../job-handler.ts';

/** One owner told that a webhook of their organization was paused (features/webhooks/webhook-delivery-job.ts). */
export const WEBHOOK_PAUSED_EMAIL_JOB = 'webhook_paused_email';

const payloadSchema = z.object({ webhook_id: z.uuid(), user_id: z.uuid() });

export const webhookPausedEmailHandler: JobHandler = {
  kind: WEBHOOK_PAUSED_EMAIL_JOB,
  async run({ deps, job }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored webhook pause cannot be read.');
    // Read now: a webhook resumed or deleted since, or an owner who is one no longer, gets nothing.
    const row = await deps.db
      .selectFrom('webhook')
      .innerJoin('organization', 'organization.organization_id', 'webhook.organization_id')
      .innerJoin('rule', (join) =>
        join
          .onRef('rule.organization_id', '=', 'webhook.organization_id')
          .on('rule.user_id', '=', payload.data.user_id)
          .on('rule.role', '=', 'OWNER'),
      )
      .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
      .select([
        'webhook.url',
        'webhook.organization_id',
        'webhook.paused_reason',
        'organization.name as organization_name',
        'app_user.email',
        'app_user.firstname',
        'app_user.locale',
      ])
      .where('webhook.webhook_id', '=', payload.data.webhook_id)
      .where('webhook.paused_at', 'is not', null)
      .executeTakeFirst();
    if (!row) return;
    const locale = mailLocale(row.locale);
    const message = actionEmail({
      to: row.email,
      subject: mailText(locale, 'webhookPaused.subject', { organization: row.organization_name }),
      greeting: row.firstname
        ? mailText(locale, 'greeting.named', { firstname: row.firstname })
        : mailText(locale, 'greeting.plain'),
      intro: mailText(locale, 'webhookPaused.intro', {
        url: row.url,
        reason: row.paused_reason ?? mailText(locale, 'webhookPaused.defaultReason'),
      }),
      actionLabel: mailText(locale, 'webhookPaused.action'),
      url: `${deps.env.PUBLIC_URL}/settings/organization/${encodeURIComponent(row.organization_id)}/webhooks`,
      outro: mailText(locale, 'webhookPaused.outro'),
      locale,
    });
    try {
      await deps.mailer.send(message);
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      if (typeof responseCode === 'number' && responseCode >= 500)
        throw new PermanentJobError(`The mail server refused the email (${responseCode}).`);
      throw new PassingJobError('The mail server could not be reached.');
    }
  },
};
