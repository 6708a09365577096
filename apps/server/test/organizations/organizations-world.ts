import { lastInvitationMail, nextInvitationToken } from '@figgle/test-support/invitation-mail';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, type TestUser } from '@figgle/test-support/users';

export interface OrganizationWorld {
  organizationId: string;
  owner: TestUser;
  member: TestUser;
  /** Signed in, with an organization of their own, but no rule in this one. */
  outsider: TestUser;
  outsiderOrganizationId: string;
}

export async function createOrganizationAs(user: TestUser, name: string): Promise<string> {
  const response = await user.api('/api/organizations', { body: { name } });
  if (response.status !== 201) throw new Error(`organization-create failed: ${await response.text()}`);
  return ((await response.json()) as { organization_id: string }).organization_id;
}

/** Ada Lovelace, Carol Shaw and Bob Other, made in that order: signed in, in no organization yet. */
export async function createAdaCarolBob(
  server: TestServer,
  mail: MailCatcher,
): Promise<{ ada: TestUser; carol: TestUser; bob: TestUser }> {
  return {
    ada: await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' }),
    carol: await createUser(server, mail, { firstname: 'Carol', lastname: 'Shaw' }),
    bob: await createUser(server, mail, { firstname: 'Bob', lastname: 'Other' }),
  };
}

/**
 * Ada, Carol and Bob (`createAdaCarolBob`): Ada owns "Engines", where Carol is a MEMBER (a rule
 * written straight in), and Bob owns "Elsewhere".
 */
export async function createEnginesWorld(
  server: TestServer,
  mail: MailCatcher,
): Promise<{ ada: TestUser; carol: TestUser; bob: TestUser; adaOrg: string; bobOrg: string }> {
  const { ada, carol, bob } = await createAdaCarolBob(server, mail);
  const adaOrg = await createOrganizationAs(ada, 'Engines');
  const bobOrg = await createOrganizationAs(bob, 'Elsewhere');
  await giveRule(server, adaOrg, carol.userId, 'MEMBER');
  return { ada, carol, bob, adaOrg, bobOrg };
}

/** A rule written straight into the database, without the invitation flow `addMember` goes through. */
export async function giveRule(
  server: TestServer,
  organizationId: string,
  userId: string,
  role: 'OWNER' | 'MEMBER',
): Promise<void> {
  await server.deps.db
    .insertInto('rule')
    .values({ organization_id: organizationId, user_id: userId, role })
    .execute();
}

/**
 * Makes an existing account a member through the real flow: the owner invites the address, and the
 * account accepts the emailed link (membership starts only then).
 */
export async function addMember(
  owner: TestUser,
  organizationId: string,
  member: TestUser,
  mail: MailCatcher,
): Promise<void> {
  const previous = await lastInvitationMail(mail, member.email);
  const response = await owner.api(`/api/organizations/${organizationId}/invitations`, {
    body: { firstname: 'Invited', lastname: 'Member', email: member.email },
  });
  if (response.status !== 201) throw new Error(`invite failed: ${await response.text()}`);
  const token = await nextInvitationToken(mail, member.email, previous);
  const accepted = await member.api('/api/invitations/accept', { body: { token } });
  if (accepted.status !== 200) throw new Error(`accept failed: ${await accepted.text()}`);
}

/** An organization with an OWNER and a MEMBER, plus a signed-in outsider. */
export async function createOrganizationWorld(
  server: TestServer,
  mail: MailCatcher,
  name = 'Acme',
): Promise<OrganizationWorld> {
  const owner = await createUser(server, mail, { firstname: 'Olive', lastname: 'Owner' });
  const member = await createUser(server, mail, { firstname: 'Mia', lastname: 'Member' });
  const outsider = await createUser(server, mail, { firstname: 'Otto', lastname: 'Outsider' });
  const organizationId = await createOrganizationAs(owner, name);
  await addMember(owner, organizationId, member, mail);
  const outsiderOrganizationId = await createOrganizationAs(outsider, 'Elsewhere');
  return { organizationId, owner, member, outsider, outsiderOrganizationId };
}

export async function ruleOf(server: TestServer, organizationId: string, userId: string) {
  return server.deps.db
    .selectFrom('rule')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
