import type { Locale } from '@figgle/shared/constants';
import { mailText } from '../../mail/i18n.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { actionEmail } from '../../mail/templates.ts';

/** Tells the owner of an account that its password changed, with the way back if it was not them. */
export function passwordChangedEmail(to: string, publicUrl: string, locale: Locale = 'en'): MailMessage {
  return actionEmail({
    to,
    subject: mailText(locale, 'passwordChanged.subject'),
    greeting: mailText(locale, 'greeting.plain'),
    intro: mailText(locale, 'passwordChanged.intro'),
    actionLabel: mailText(locale, 'passwordChanged.action'),
    url: `${publicUrl}/reset-password`,
    outro: mailText(locale, 'passwordChanged.outro'),
    locale,
  });
}
