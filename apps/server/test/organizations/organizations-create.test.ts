// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
});

async function organizationCount(): Promise<number> {
  const row = await server.deps.db
    .selectFrom('organization')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/organizations', () => {
  it('creates the organization with its creator as OWNER and ends onboarding', async () => {
    const response = await ada.api('/api/organizations', { body: { name: '  Analytical Engines  ' } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Analytical Engines', figma_team_id: null, role: 'OWNER' });
    expect(typeof body.organization_id).toBe('string');
    expect(Number.isNaN(Date.parse(String(body.created_at)))).toBe(false);

    const rule = await server.deps.db
      .selectFrom('rule')
      .selectAll()
      .where('organization_id', '=', String(body.organization_id))
      .execute();
    expect(rule).toHaveLength(1);
    expect(rule[0]).toMatchObject({ user_id: ada.userId, role: 'OWNER' });
    const profile = await server.deps.db
      .selectFrom('app_user')
      .select('needs_onboarding')
      .where('user_id', '=', ada.userId)
      .executeTakeFirstOrThrow();
    expect(profile.needs_onboarding).toBe(false);
  });

  it.each([
    ['an empty name', { name: '' }],
    ['a blank name', { name: '    ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
    ['no name', {}],
    ['a name that is not text', { name: 42 }],
  ])('refuses %s with a 400 and creates nothing', async (_label, body) => {
    const before = await organizationCount();
    const response = await ada.api('/api/organizations', { body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/name/i);
    expect(await organizationCount()).toBe(before);
  });

  it('accepts exactly 100 characters', async () => {
    const response = await ada.api('/api/organizations', { body: { name: 'y'.repeat(100) } });
    expect(response.status).toBe(201);
  });

  it('needs a session', async () => {
    const before = await organizationCount();
    const response = await apiAs(server, '')('/api/organizations', { body: { name: 'Nobody' } });
    expect(response.status).toBe(401);
    expect(await organizationCount()).toBe(before);
  });
});

describe('GET /api/organizations', () => {
  it("lists only the user's organizations, oldest first, each with its rules", async () => {
    const grace = await createUser(server, mail, { firstname: 'Grace', lastname: 'Hopper' });
    expect(await (await grace.api('/api/organizations')).json()).toEqual([]);
    const first = (await (await grace.api('/api/organizations', { body: { name: 'First' } })).json()) as {
      organization_id: string;
    };
    const second = (await (await grace.api('/api/organizations', { body: { name: 'Second' } })).json()) as {
      organization_id: string;
    };
    const response = await grace.api('/api/organizations');
    expect(response.status).toBe(200);
    const list = (await response.json()) as Array<{
      organization_id: string;
      name: string;
      rules: Array<{ rule_id: string; user_id: string; role: string }>;
    }>;
    expect(list.map((o) => o.organization_id)).toEqual([first.organization_id, second.organization_id]);
    expect(list.map((o) => o.name)).toEqual(['First', 'Second']);
    for (const organization of list) {
      expect(organization.rules).toEqual([
        { rule_id: expect.any(String), user_id: grace.userId, role: 'OWNER' },
      ]);
    }
    // Ada's organizations are not Grace's.
    const adas = (await (await ada.api('/api/organizations')).json()) as Array<{ organization_id: string }>;
    expect(adas.map((o) => o.organization_id)).not.toContain(first.organization_id);
  });

  it('needs a session', async () => {
    expect((await apiAs(server, '')('/api/organizations')).status).toBe(401);
  });
});
