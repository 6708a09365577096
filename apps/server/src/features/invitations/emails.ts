import type { Locale } from '@figgle/shared/constants';
import { mailText } from '../../mail/i18n.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { actionEmail } from '../../mail/templates.ts';

interface InvitationEmail {
  to: string;
  firstname: string;
  inviterName: string;
  organizationName: string;
  url: string;
  locale: Locale;
}

/**
 * The same email whether or not the address has an account: the link asks for consent, and
 * whoever has no account yet chooses a password on the way in. In the language the invitee chose,
 * else the inviter's (a team mostly shares one).
 */
export function invitationEmail(email: InvitationEmail): MailMessage {
  const { locale } = email;
  const organization = email.organizationName;
  return actionEmail({
    to: email.to,
    subject: mailText(locale, 'invitation.subject', { organization }),
    greeting: mailText(locale, 'greeting.named', { firstname: email.firstname }),
    intro: mailText(locale, 'invitation.intro', { inviter: email.inviterName, organization }),
    actionLabel: mailText(locale, 'invitation.action', { organization }),
    url: email.url,
    outro: mailText(locale, 'invitation.outro'),
    locale,
  });
}
