import type { MailMessage } from '../../mail/mailer.ts';
import { actionEmail } from '../../mail/templates.ts';

interface InvitationEmail {
  to: string;
  firstname: string;
  inviterName: string;
  organizationName: string;
  url: string;
}

/** To an address without an account: the link lets them set a password and join. */
export function invitationEmail(email: InvitationEmail): MailMessage {
  return actionEmail({
    to: email.to,
    subject: `You are invited to join ${email.organizationName} on Figgle`,
    greeting: `Hello ${email.firstname},`,
    intro: `${email.inviterName} invited you to join the organization ${email.organizationName} on Figgle. Choose a password to join. The link works once and expires in 7 days.`,
    actionLabel: `Join ${email.organizationName}`,
    url: email.url,
    outro: "If you weren't expecting this invitation, you can ignore this email.",
  });
}

/** To an existing account: they are already a member; this tells them so. */
export function addedToOrganizationEmail(email: Omit<InvitationEmail, 'firstname'> & { firstname: string }) {
  return actionEmail({
    to: email.to,
    subject: `You joined ${email.organizationName} on Figgle`,
    greeting: email.firstname ? `Hello ${email.firstname},` : 'Hello,',
    intro: `${email.inviterName} added you to the organization ${email.organizationName} on Figgle. Its projects are now in your list.`,
    actionLabel: 'Open my projects',
    url: email.url,
    outro: 'If you think this is a mistake, ask the owner of the organization to remove you.',
  });
}
