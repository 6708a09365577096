import type { MailMessage } from '../../mail/mailer.ts';
import { actionEmail } from '../../mail/templates.ts';

interface InvitationEmail {
  to: string;
  firstname: string;
  inviterName: string;
  organizationName: string;
  url: string;
}

/**
 * The same email whether or not the address has an account: the link asks for consent, and
 * whoever has no account yet chooses a password on the way in.
 */
export function invitationEmail(email: InvitationEmail): MailMessage {
  return actionEmail({
    to: email.to,
    subject: `You are invited to join ${email.organizationName} on Figgle`,
    greeting: `Hello ${email.firstname},`,
    intro: `${email.inviterName} invited you to join the organization ${email.organizationName} on Figgle. Open the link to accept; if you have no Figgle account yet, you will choose a password. The link works once and expires in 7 days.`,
    actionLabel: `Join ${email.organizationName}`,
    url: email.url,
    outro:
      "If you weren't expecting this invitation, you can ignore this email: nothing changes until you accept.",
  });
}
