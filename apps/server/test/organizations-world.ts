import type { MailCatcher } from '../../../e2e/support/mail-catcher.ts';
import type { TestServer } from './test-server.ts';
import { createUser, type TestUser } from './users.ts';

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

/** Adds an existing account to the organization through the real invite endpoint. */
export async function addMember(owner: TestUser, organizationId: string, member: TestUser): Promise<void> {
  const response = await owner.api(`/api/organizations/${organizationId}/invitations`, {
    body: { firstname: 'Invited', lastname: 'Member', email: member.email },
  });
  if (response.status !== 201) throw new Error(`invite failed: ${await response.text()}`);
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
  await addMember(owner, organizationId, member);
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
