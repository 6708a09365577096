// @database pglite
import type { MemberView } from '@figgle/shared/organization-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_ROLE_MESSAGE } from '../../src/features/members/commands/change-role.ts';
import { createOrganizationWorld, type OrganizationWorld, ruleOf } from './organizations-world.ts';

/** Issue 39, item 6: owners change roles; an owner steps down while another remains; one always stays. */
let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;

serverWithMail((started) => ({ server, mail } = started), { timeoutMs: 180_000 });
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  // Three accounts through the real email flow and an invitation: slow on a loaded machine.
}, 180_000);

const ruleIdOf = async (user: TestUser) => (await ruleOf(server, world.organizationId, user.userId))!.rule_id;
const roleOf = async (user: TestUser) => (await ruleOf(server, world.organizationId, user.userId))?.role;
const setRole = async (who: TestUser, target: TestUser, role: string) =>
  who.api(`/api/organizations/${world.organizationId}/members/${await ruleIdOf(target)}`, {
    method: 'PATCH',
    body: { role },
  });

describe('organization roles', () => {
  it('refuses to demote the last owner, even by themselves, with 409 and the reason', async () => {
    const response = await setRole(world.owner, world.owner, 'MEMBER');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(LAST_OWNER_ROLE_MESSAGE);
    expect(await roleOf(world.owner)).toBe('OWNER');
  });

  it("refuses a member's change with 403, an outsider's with 404, and a role that does not exist", async () => {
    expect((await setRole(world.member, world.member, 'OWNER')).status).toBe(403);
    expect((await setRole(world.outsider, world.member, 'OWNER')).status).toBe(404);
    expect((await setRole(world.owner, world.member, 'ADMIN')).status).toBe(400);
    expect(await roleOf(world.member)).toBe('MEMBER');
  });

  it('makes a member an owner; then the first owner steps down and the new one remains', async () => {
    const promoted = await setRole(world.owner, world.member, 'OWNER');
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as MemberView).role).toBe('OWNER');
    const stepDown = await setRole(world.owner, world.owner, 'MEMBER');
    expect(stepDown.status).toBe(200);
    expect(await roleOf(world.owner)).toBe('MEMBER');
    // No longer an owner: the former owner changes nobody's role.
    expect((await setRole(world.owner, world.owner, 'OWNER')).status).toBe(403);
    // The one owner left is protected in turn.
    expect((await setRole(world.member, world.member, 'MEMBER')).status).toBe(409);
    expect(await roleOf(world.member)).toBe('OWNER');
    // Making the former owner an owner again.
    expect((await setRole(world.member, world.owner, 'OWNER')).status).toBe(200);
  });

  it('lets only one of two owners stepping down at once succeed', async () => {
    expect(await roleOf(world.owner)).toBe('OWNER');
    expect(await roleOf(world.member)).toBe('OWNER');
    const answers = await Promise.all([
      setRole(world.owner, world.owner, 'MEMBER'),
      setRole(world.member, world.member, 'MEMBER'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const owners = await server.deps.db
      .selectFrom('rule')
      .select('user_id')
      .where('organization_id', '=', world.organizationId)
      .where('role', '=', 'OWNER')
      .execute();
    expect(owners).toHaveLength(1);
  });
});
