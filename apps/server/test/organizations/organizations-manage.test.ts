// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, serverWithMail } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { createOrganizationWorld, type OrganizationWorld } from './organizations-world.ts';

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
const events: BusEvent[] = [];
serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail, 'Acme');
  server.deps.bus.subscribe((event) => events.push(event));
});

async function nameInDatabase(organizationId: string): Promise<string> {
  const row = await server.deps.db
    .selectFrom('organization')
    .select('name')
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('GET /api/organizations/:organizationId', () => {
  it('shows a member the organization with its rules', async () => {
    const response = await world.member.api(`/api/organizations/${world.organizationId}`);
    expect(response.status).toBe(200);
    const organization = (await response.json()) as {
      name: string;
      rules: Array<{ user_id: string; role: string }>;
    };
    expect(organization.name).toBe('Acme');
    expect(organization.rules.map((r) => [r.user_id, r.role])).toEqual([
      [world.owner.userId, 'OWNER'],
      [world.member.userId, 'MEMBER'],
    ]);
  });

  it('gives the Figma team id only to owners', async () => {
    await server.deps.db
      .updateTable('organization')
      .set({ figma_team_id: '123456' })
      .where('organization_id', '=', world.organizationId)
      .execute();
    const asOwner = (await (await world.owner.api(`/api/organizations/${world.organizationId}`)).json()) as {
      figma_team_id: string | null;
    };
    const asMember = (await (
      await world.member.api(`/api/organizations/${world.organizationId}`)
    ).json()) as {
      figma_team_id: string | null;
    };
    expect(asOwner.figma_team_id).toBe('123456');
    expect(asMember.figma_team_id).toBeNull();
  });

  it('answers 404 to a non-member, never the organization', async () => {
    const response = await world.outsider.api(`/api/organizations/${world.organizationId}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Acme');
  });

  it('answers 404 for an organization that does not exist and 400 for a malformed id', async () => {
    expect((await world.owner.api('/api/organizations/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    const malformed = await world.owner.api('/api/organizations/not-a-uuid');
    expect(malformed.status).toBe(400);
  });
});

describe('PATCH /api/organizations/:organizationId (rename)', () => {
  it('lets the owner rename, trimmed, and tells the bus', async () => {
    events.length = 0;
    const response = await world.owner.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: '  Acme Studio ' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe('Acme Studio');
    expect(await nameInDatabase(world.organizationId)).toBe('Acme Studio');
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'organization', action: 'updated', id: world.organizationId }),
    );
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const before = await nameInDatabase(world.organizationId);
    const response = await world.member.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Taken over' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/not allowed/);
    expect(await nameInDatabase(world.organizationId)).toBe(before);
  });

  it("refuses to rename someone else's organization with 404 and changes nothing", async () => {
    const before = await nameInDatabase(world.organizationId);
    const response = await world.outsider.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Hijacked' },
    });
    expect(response.status).toBe(404);
    expect(await nameInDatabase(world.organizationId)).toBe(before);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'z'.repeat(101)],
  ])('refuses an %s name with a clear 400 and changes nothing', async (_label, name) => {
    const before = await nameInDatabase(world.organizationId);
    const response = await world.owner.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name },
    });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { message: string; issues: Array<{ path: string }> };
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.name']);
    expect(await nameInDatabase(world.organizationId)).toBe(before);
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await apiAs(server, '')(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Anon' },
    });
    expect(response.status).toBe(401);
  });

  it('refuses a request from another site with 403', async () => {
    const response = await world.owner.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Cross site' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await nameInDatabase(world.organizationId)).not.toBe('Cross site');
  });
});
