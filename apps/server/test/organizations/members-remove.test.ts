// @database pglite
import { topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { TestSocket } from '../realtime/realtime-socket.ts';
import { addMember, createOrganizationAs, createOrganizationWorld, ruleOf } from './organizations-world.ts';

let server: TestServer;
let mail: MailCatcher;
const events: BusEvent[] = [];
serverWithMail((started) => ({ server, mail } = started));
beforeAll(() => {
  server.deps.bus.subscribe((event) => events.push(event));
});

interface Member {
  rule_id: string;
  user_id: string;
  role: string;
  firstname: string;
  lastname: string;
  email: string;
}

async function membersAs(user: TestUser, organizationId: string): Promise<Member[]> {
  const response = await user.api(`/api/organizations/${organizationId}/members`);
  expect(response.status).toBe(200);
  return (await response.json()) as Member[];
}

describe('GET /api/organizations/:organizationId/members', () => {
  it('lists owners first with names, email and role, for owners and members alike', async () => {
    const world = await createOrganizationWorld(server, mail);
    const asOwner = await membersAs(world.owner, world.organizationId);
    expect(asOwner).toEqual([
      {
        rule_id: expect.any(String),
        user_id: world.owner.userId,
        role: 'OWNER',
        firstname: 'Olive',
        lastname: 'Owner',
        email: world.owner.email,
      },
      {
        rule_id: expect.any(String),
        user_id: world.member.userId,
        role: 'MEMBER',
        firstname: 'Mia',
        lastname: 'Member',
        email: world.member.email,
      },
    ]);
    expect(await membersAs(world.member, world.organizationId)).toEqual(asOwner);
  });

  it('answers 404 to a non-member and 401 to nobody', async () => {
    const world = await createOrganizationWorld(server, mail);
    const outsider = await world.outsider.api(`/api/organizations/${world.organizationId}/members`);
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).not.toContain(world.owner.email);
    const anonymous = await apiAs(server, '')(`/api/organizations/${world.organizationId}/members`);
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /api/organizations/:organizationId/members/:ruleId', () => {
  it('revokes a member: their rule goes, their favorites there go, the bus says so, and their next request is 404', async () => {
    const world = await createOrganizationWorld(server, mail);
    const memberRule = (await membersAs(world.owner, world.organizationId)).find(
      (m) => m.user_id === world.member.userId,
    )!;
    const project = await server.deps.db
      .insertInto('project')
      .values({ organization_id: world.organizationId, name: 'Site', trigram: 'SIT' })
      .returning('project_id')
      .executeTakeFirstOrThrow();
    await server.deps.db
      .insertInto('bookmark')
      .values({ user_id: world.member.userId, project_id: project.project_id })
      .execute();
    expect((await world.member.api(`/api/organizations/${world.organizationId}`)).status).toBe(200);

    events.length = 0;
    const response = await world.owner.api(
      `/api/organizations/${world.organizationId}/members/${memberRule.rule_id}`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(204);
    expect(await ruleOf(server, world.organizationId, world.member.userId)).toBeUndefined();
    const bookmarks = await server.deps.db
      .selectFrom('bookmark')
      .selectAll()
      .where('user_id', '=', world.member.userId)
      .execute();
    expect(bookmarks).toEqual([]);
    expect(events).toContainEqual({
      kind: 'membership',
      action: 'deleted',
      id: world.member.userId,
      organizationId: world.organizationId,
      actorId: world.owner.userId,
    });
    expect((await world.member.api(`/api/organizations/${world.organizationId}`)).status).toBe(404);
    expect((await world.member.api(`/api/organizations/${world.organizationId}/members`)).status).toBe(404);
    const theirList = (await (await world.member.api('/api/organizations')).json()) as Array<{
      organization_id: string;
    }>;
    expect(theirList.map((o) => o.organization_id)).not.toContain(world.organizationId);
  });

  it("closes the removed member's open live subscriptions to the organization at once", async () => {
    const world = await createOrganizationWorld(server, mail);
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie, origin: server.url });
    try {
      const topic = topics.projects(world.organizationId);
      expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
      const memberRule = (await membersAs(world.owner, world.organizationId)).find(
        (m) => m.user_id === world.member.userId,
      )!;
      const from = socket.mark();
      const removed = await world.owner.api(
        `/api/organizations/${world.organizationId}/members/${memberRule.rule_id}`,
        { method: 'DELETE' },
      );
      expect(removed.status).toBe(204);
      const refusal = await socket.next((f) => f.type === 'error' && f.topic === topic, from);
      expect(refusal).toMatchObject({ type: 'error', code: 'forbidden' });
      expect(await socket.subscribe(topic)).toMatchObject({ type: 'error', code: 'forbidden' });
    } finally {
      socket.ws.close();
    }
  });

  it('refuses to remove the last owner with a clear 409 and changes nothing', async () => {
    const world = await createOrganizationWorld(server, mail);
    const ownerRule = (await membersAs(world.owner, world.organizationId)).find((m) => m.role === 'OWNER')!;
    const response = await world.owner.api(
      `/api/organizations/${world.organizationId}/members/${ownerRule.rule_id}`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The last owner of an organization cannot be removed. Make someone else an owner first.',
    );
    expect(await ruleOf(server, world.organizationId, world.owner.userId)).toMatchObject({ role: 'OWNER' });
  });

  it('lets an owner remove another owner while one remains', async () => {
    const world = await createOrganizationWorld(server, mail);
    await server.deps.db
      .updateTable('rule')
      .set({ role: 'OWNER' })
      .where('organization_id', '=', world.organizationId)
      .where('user_id', '=', world.member.userId)
      .execute();
    const secondOwner = (await membersAs(world.owner, world.organizationId)).find(
      (m) => m.user_id === world.member.userId,
    )!;
    const response = await world.owner.api(
      `/api/organizations/${world.organizationId}/members/${secondOwner.rule_id}`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(204);
    const members = await membersAs(world.owner, world.organizationId);
    expect(members.map((m) => m.role)).toEqual(['OWNER']);
  });

  it('refuses a member with 403 and an outsider with 404; nothing changes', async () => {
    const world = await createOrganizationWorld(server, mail);
    const before = await membersAs(world.owner, world.organizationId);
    const ownerRule = before.find((m) => m.role === 'OWNER')!;
    const memberRule = before.find((m) => m.role === 'MEMBER')!;
    const asMember = await world.member.api(
      `/api/organizations/${world.organizationId}/members/${ownerRule.rule_id}`,
      { method: 'DELETE' },
    );
    expect(asMember.status).toBe(403);
    const asOutsider = await world.outsider.api(
      `/api/organizations/${world.organizationId}/members/${memberRule.rule_id}`,
      { method: 'DELETE' },
    );
    expect(asOutsider.status).toBe(404);
    expect(await membersAs(world.owner, world.organizationId)).toEqual(before);
  });

  it('answers 404 for a rule of another organization, even to an owner of both', async () => {
    const owner = await createUser(server, mail);
    const first = await createOrganizationAs(owner, 'First');
    const second = await createOrganizationAs(owner, 'Second');
    const member = await createUser(server, mail);
    await addMember(owner, second, member, mail);
    const rule = await ruleOf(server, second, member.userId);
    const response = await owner.api(`/api/organizations/${first}/members/${rule!.rule_id}`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(404);
    expect(await ruleOf(server, second, member.userId)).toBeDefined();
  });

  it('answers 400 for a malformed rule id', async () => {
    const world = await createOrganizationWorld(server, mail);
    const response = await world.owner.api(`/api/organizations/${world.organizationId}/members/nope`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(400);
  });
});
