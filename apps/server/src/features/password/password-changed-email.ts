import type { MailMessage } from '../../mail/mailer.ts';
import { actionEmail } from '../../mail/templates.ts';

/** Tells the owner of an account that its password changed, with the way back if it was not them. */
export function passwordChangedEmail(to: string, publicUrl: string): MailMessage {
  return actionEmail({
    to,
    subject: 'Your Figgle password was changed',
    greeting: 'Hello,',
    intro:
      'The password of your Figgle account was just changed: every other device was signed out and your API tokens were revoked. If you did not do this, choose a new password now: it signs out everyone, including whoever changed it.',
    actionLabel: 'Choose a new password',
    url: `${publicUrl}/reset-password`,
    outro: 'If you changed it yourself, you can ignore this email.',
  });
}
