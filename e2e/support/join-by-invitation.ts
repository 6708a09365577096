import { lastInvitationMail, nextInvitationToken } from '@figgle/test-support/invitation-mail';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { APIRequestContext } from '@playwright/test';

/**
 * The real way an existing account becomes a member: the owner invites its address, and the account
 * accepts the emailed link (membership starts only then). `inviter` and `invitee` are signed-in
 * request contexts of the owner and of the person.
 */
export async function joinByInvitation(
  {
    inviter,
    invitee,
    mail,
    baseURL,
  }: {
    inviter: APIRequestContext;
    invitee: APIRequestContext;
    mail: MailCatcher;
    baseURL: string;
  },
  organizationId: string,
  person: { firstname: string; lastname: string; email: string },
): Promise<void> {
  const headers = { origin: baseURL };
  const previous = await lastInvitationMail(mail, person.email);
  const invite = await inviter.post(`/api/organizations/${organizationId}/invitations`, {
    headers,
    data: { firstname: person.firstname, lastname: person.lastname, email: person.email },
  });
  if (invite.status() !== 201) throw new Error(`invite failed: ${invite.status()} ${await invite.text()}`);
  const token = await nextInvitationToken(mail, person.email, previous);
  const accept = await invitee.post('/api/invitations/accept', { headers, data: { token } });
  if (accept.status() !== 200) throw new Error(`accept failed: ${accept.status()} ${await accept.text()}`);
}
