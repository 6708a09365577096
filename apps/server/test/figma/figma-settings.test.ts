// @database pglite

import { SAMPLE_FILE_KEY, SAMPLE_FILE_NAME, SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import { apiAs } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { decryptToken } from '../../src/figma/token-crypto.ts';
import { createProject, type FigmaWorld, figmaWorldPerFile, OWNER_TOKEN } from './figma-world.ts';

let world: FigmaWorld;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with toEqual/toMatchObject.
type Answer = any;
/** Every body the API answered in this file: no secret may appear in any of them. */
const answers: string[] = [];

figmaWorldPerFile((started) => ({ world } = started), { connected: false });

async function call(
  user: { api: FigmaWorld['owner']['api'] },
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<{ status: number; body: Answer }> {
  const response = await user.api(path, init);
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The organization's Figma webhooks (table figma_webhook), by event type. */
async function webhookRows() {
  const rows = await world.server.deps.db
    .selectFrom('figma_webhook')
    .selectAll()
    .where('organization_id', '=', world.organizationId)
    .execute();
  return new Map(rows.map((row) => [row.event_type, row]));
}

async function organizationRow() {
  return world.server.deps.db
    .selectFrom('organization')
    .selectAll()
    .where('organization_id', '=', world.organizationId)
    .executeTakeFirstOrThrow();
}

describe('personal Figma token', () => {
  it('starts unset', async () => {
    const answer = await call(world.owner, '/api/me/figma-token');
    expect(answer).toEqual({ status: 200, body: { is_set: false, redacted: null } });
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '   ' }],
    ['a token with spaces', { token: 'figd_abc def' }],
    ['a token too long', { token: `figd_${'x'.repeat(300)}` }],
    ['a token that is not text', { token: 12345 }],
  ])('refuses %s with a 400 and stores nothing', async (_label, body) => {
    const answer = await call(world.owner, '/api/me/figma-token', { method: 'PUT', body });
    expect(answer.status).toBe(400);
    const row = await world.server.deps.db
      .selectFrom('app_user')
      .select('figma_token_encrypted')
      .where('user_id', '=', world.owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.figma_token_encrypted).toBeNull();
  });

  it('is saved encrypted and only its redacted form comes back', async () => {
    const saved = await call(world.owner, '/api/me/figma-token', {
      method: 'PUT',
      body: { token: `  ${OWNER_TOKEN} ` },
    });
    expect(saved).toEqual({ status: 200, body: { is_set: true, redacted: 'figd_…a1b2' } });
    const read = await call(world.owner, '/api/me/figma-token');
    expect(read.body).toEqual({ is_set: true, redacted: 'figd_…a1b2' });

    const row = await world.server.deps.db
      .selectFrom('app_user')
      .select(['figma_token_encrypted', 'figma_token_redacted'])
      .where('user_id', '=', world.owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.figma_token_encrypted).not.toContain(OWNER_TOKEN);
    expect(row.figma_token_encrypted).toMatch(/^v1\./);
    expect(decryptToken(row.figma_token_encrypted!, world.server.env.SECRET)).toBe(OWNER_TOKEN);
    expect(row.figma_token_redacted).toBe('figd_…a1b2');
  });

  it("is one person's: another user still has none", async () => {
    expect((await call(world.member, '/api/me/figma-token')).body).toEqual({ is_set: false, redacted: null });
  });

  it('needs a session', async () => {
    const anonymous = { api: apiAs(world.server, '') };
    expect((await call(anonymous, '/api/me/figma-token')).status).toBe(401);
    expect(
      (await call(anonymous, '/api/me/figma-token', { method: 'PUT', body: { token: 'figd_x' } })).status,
    ).toBe(401);
  });
});

describe('team id and webhook registration', () => {
  it('refuses a member (403) and an outsider (404), changing nothing', async () => {
    const path = `/api/organizations/${world.organizationId}/figma-team`;
    expect(
      (await call(world.member, path, { method: 'PUT', body: { figma_team_id: SAMPLE_TEAM_ID } })).status,
    ).toBe(403);
    expect(
      (await call(world.outsider, path, { method: 'PUT', body: { figma_team_id: SAMPLE_TEAM_ID } })).status,
    ).toBe(404);
    expect((await organizationRow()).figma_team_id).toBeNull();
    expect(world.figma.requests('POST', /^\/v2\/webhooks$/)).toHaveLength(0);
  });

  it.each([
    ['letters', { figma_team_id: 'my-team' }],
    ['an empty id', { figma_team_id: '' }],
    ['no id', {}],
    ['a URL of another site', { figma_team_id: 'https://example.com/team/123' }],
  ])('refuses %s with a 400', async (_label, body) => {
    const answer = await call(world.owner, `/api/organizations/${world.organizationId}/figma-team`, {
      method: 'PUT',
      body,
    });
    expect(answer.status).toBe(400);
    expect((await organizationRow()).figma_team_id).toBeNull();
  });

  it('saves the id but says why the webhook failed when the plan has no webhooks', async () => {
    world.figma.teamsWithoutWebhooks.add('424242');
    const answer = await call(world.owner, `/api/organizations/${world.organizationId}/figma-team`, {
      method: 'PUT',
      body: { figma_team_id: '424242' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ figma_team_id: '424242', webhook_live: false });
    expect(answer.body.webhook_error).toMatch(/Access Denied.*paid Figma plan/);
    expect(await organizationRow()).toMatchObject({ figma_team_id: '424242' });
    expect((await webhookRows()).size).toBe(0);
  });

  it("registers one webhook per event type for the team with the owner's token and fresh passcodes", async () => {
    const answer = await call(world.owner, `/api/organizations/${world.organizationId}/figma-team`, {
      // A pasted team URL works too.
      method: 'PUT',
      body: { figma_team_id: `https://www.figma.com/files/team/${SAMPLE_TEAM_ID}/Acme` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      organization_id: world.organizationId,
      name: 'Acme Design',
      figma_team_id: SAMPLE_TEAM_ID,
      webhook_live: true,
      reply_on_done: false,
      webhook_error: null,
    });

    const creations = world.figma.requests('POST', /^\/v2\/webhooks$/).slice(-4);
    const rows = await webhookRows();
    expect([...rows.keys()].sort()).toEqual([
      'DEV_MODE_STATUS_UPDATE',
      'FILE_COMMENT',
      'FILE_UPDATE',
      'FILE_VERSION_UPDATE',
    ]);
    for (const creation of creations) {
      expect(creation.token).toBe(OWNER_TOKEN);
      const sent = creation.body as Record<string, string>;
      expect(sent).toMatchObject({
        context: 'team',
        context_id: SAMPLE_TEAM_ID,
        endpoint: `${world.server.url}/api/figma/webhook`,
      });
      expect(sent.passcode!.length).toBeGreaterThanOrEqual(32);
      expect(sent.passcode!.length).toBeLessThanOrEqual(100);
      const row = rows.get(sent.event_type as 'FILE_COMMENT')!;
      expect(row.webhook_id).toBe(world.figma.latestWebhook(sent.event_type)!.id);
      expect(row.passcode).toBe(sent.passcode);
      expect(row.user_id).toBe(world.owner.userId);
    }
    expect(new Set(creations.map((c) => (c.body as Record<string, string>).passcode)).size).toBe(4);
    // Figma's PINGs, sent while each webhook was being created, were acknowledged.
    expect(world.figma.pingAnswers.slice(-4).map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });

  it('replaces the older webhook when saved again, with a new passcode', async () => {
    const before = await webhookRows();
    const answer = await call(world.owner, `/api/organizations/${world.organizationId}/figma-team`, {
      method: 'PUT',
      body: { figma_team_id: SAMPLE_TEAM_ID },
    });
    expect(answer.body.webhook_live).toBe(true);
    const after = await webhookRows();
    expect(after.size).toBe(4);
    for (const [eventType, old] of before) {
      expect(after.get(eventType)!.webhook_id).not.toBe(old.webhook_id);
      expect(after.get(eventType)!.passcode).not.toBe(old.passcode);
      expect(world.figma.webhooks.has(old.webhook_id)).toBe(false);
      expect(world.figma.requests('DELETE', new RegExp(`^/v2/webhooks/${old.webhook_id}$`))).toHaveLength(1);
    }
    expect([...world.figma.webhooks.values()].filter((w) => w.context_id === SAMPLE_TEAM_ID)).toHaveLength(4);
  });

  it('keeps none of the new webhooks when Figma refuses one, and the previous ones stay', async () => {
    const before = await webhookRows();
    const created = world.figma.requests('POST', /^\/v2\/webhooks$/).length;
    world.figma.refusedEventTypes.add('FILE_VERSION_UPDATE');
    try {
      const answer = await call(world.owner, `/api/organizations/${world.organizationId}/figma-team`, {
        method: 'PUT',
        body: { figma_team_id: SAMPLE_TEAM_ID },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ webhook_live: true });
      expect(answer.body.webhook_error).toMatch(/Access Denied/);
    } finally {
      world.figma.refusedEventTypes.clear();
    }
    // FILE_COMMENT and DEV_MODE_STATUS_UPDATE were made before the refusal: both deleted again.
    const attempts = world.figma.requests('POST', /^\/v2\/webhooks$/).slice(created);
    expect(attempts.map((a) => (a.body as { event_type: string }).event_type)).toEqual([
      'FILE_COMMENT',
      'DEV_MODE_STATUS_UPDATE',
      'FILE_VERSION_UPDATE',
    ]);
    const after = await webhookRows();
    expect([...after.values()].map((row) => row.webhook_id).sort()).toEqual(
      [...before.values()].map((row) => row.webhook_id).sort(),
    );
    const live = [...world.figma.webhooks.values()].filter((w) => w.context_id === SAMPLE_TEAM_ID);
    expect(live.map((w) => w.id).sort()).toEqual([...before.values()].map((row) => row.webhook_id).sort());
  });

  it('tells the member nothing about the team id and the owner everything in the settings', async () => {
    const settings = await call(world.owner, '/api/figma/settings');
    expect(settings.body).toEqual({
      token: { is_set: true, redacted: 'figd_…a1b2' },
      organizations: [
        {
          organization_id: world.organizationId,
          name: 'Acme Design',
          figma_team_id: SAMPLE_TEAM_ID,
          webhook_live: true,
          reply_on_done: false,
        },
      ],
    });
    const memberSettings = await call(world.member, '/api/figma/settings');
    expect(memberSettings.body.organizations).toEqual([]);
  });

  it('says the token is missing when an owner without one saves', async () => {
    const answer = await call(
      world.outsider,
      `/api/organizations/${world.outsiderOrganizationId}/figma-team`,
      {
        method: 'PUT',
        body: { figma_team_id: '777' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ figma_team_id: '777', webhook_live: false });
    expect(answer.body.webhook_error).toMatch(/Register your Figma token first/);
  });

  it('turns the done reply on and off (owners only)', async () => {
    const path = `/api/organizations/${world.organizationId}/figma-reply-on-done`;
    expect((await call(world.member, path, { method: 'PUT', body: { enabled: true } })).status).toBe(403);
    expect((await call(world.owner, path, { method: 'PUT', body: { enabled: 'yes' } })).status).toBe(400);
    const on = await call(world.owner, path, { method: 'PUT', body: { enabled: true } });
    expect(on.body.reply_on_done).toBe(true);
    const off = await call(world.owner, path, { method: 'PUT', body: { enabled: false } });
    expect(off.body.reply_on_done).toBe(false);
  });
});

describe('design links', () => {
  let linkId: string;

  it('offers only projects of organizations the user owns', async () => {
    await createProject(world.member, world.organizationId, 'Member made', 'MEM');
    const owner = await call(world.owner, '/api/design-links/projects');
    expect(owner.body.map((p: { name: string }) => p.name).sort()).toEqual(['Checkout', 'Member made']);
    const member = await call(world.member, '/api/design-links/projects');
    expect(member.body).toEqual([]);
  });

  it("links a pasted file URL, named with the file's real name", async () => {
    const answer = await call(world.owner, '/api/design-links', {
      body: {
        figma_file_id: `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout-redesign?node-id=1-2`,
        project_id: world.projectId,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      figma_file_id: SAMPLE_FILE_KEY,
      project_id: world.projectId,
      project: { project_id: world.projectId, name: 'Checkout', trigram: 'CHK' },
      name: SAMPLE_FILE_NAME,
      url: `https://www.figma.com/design/${SAMPLE_FILE_KEY}`,
    });
    linkId = answer.body.file_id;
    expect(world.figma.requests('GET', new RegExp(`^/v1/files/${SAMPLE_FILE_KEY}$`)).at(-1)?.token).toBe(
      OWNER_TOKEN,
    );
  });

  it("falls back to 'Figma File' when Figma cannot tell the name", async () => {
    const answer = await call(world.owner, '/api/design-links', {
      body: { figma_file_id: 'UnknownFileKey12345', project_id: world.projectId },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe('Figma File');
  });

  it('refuses a second link of the same file to the same project', async () => {
    const answer = await call(world.owner, '/api/design-links', {
      body: { figma_file_id: SAMPLE_FILE_KEY, project_id: world.projectId },
    });
    expect(answer.status).toBe(409);
  });

  it.each([
    ['a bad file id', { figma_file_id: 'no', project_id: '00000000-0000-4000-8000-000000000000' }],
    [
      'a link to another site',
      {
        figma_file_id: 'https://evil.example/design/abcdefghijkl',
        project_id: '00000000-0000-4000-8000-000000000000',
      },
    ],
    ['no project', { figma_file_id: SAMPLE_FILE_KEY }],
    ['a malformed project id', { figma_file_id: SAMPLE_FILE_KEY, project_id: 'abc' }],
  ])('refuses %s with a 400', async (_label, body) => {
    expect((await call(world.owner, '/api/design-links', { body })).status).toBe(400);
  });

  it('refuses a member (403) and a project of another organization (404)', async () => {
    expect(
      (
        await call(world.member, '/api/design-links', {
          body: { figma_file_id: 'AnotherFile123456', project_id: world.projectId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(world.outsider, '/api/design-links', {
          body: { figma_file_id: 'AnotherFile123456', project_id: world.projectId },
        })
      ).status,
    ).toBe(404);
  });

  it('lists the links of owned organizations only', async () => {
    const owner = await call(world.owner, '/api/design-links');
    expect(owner.body.map((l: { figma_file_id: string }) => l.figma_file_id).sort()).toEqual(
      [SAMPLE_FILE_KEY, 'UnknownFileKey12345'].sort(),
    );
    expect((await call(world.member, '/api/design-links')).body).toEqual([]);
    expect((await call(world.outsider, '/api/design-links')).body).toEqual([]);
  });

  it('soft-deletes a link (owners only), once', async () => {
    expect((await call(world.member, `/api/design-links/${linkId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(world.outsider, `/api/design-links/${linkId}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await call(world.owner, `/api/design-links/${linkId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(world.owner, `/api/design-links/${linkId}`, { method: 'DELETE' })).status).toBe(404);
    const row = await world.server.deps.db
      .selectFrom('file')
      .select('deleted_at')
      .where('file_id', '=', linkId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    const list = await call(world.owner, '/api/design-links');
    expect(list.body.map((l: { file_id: string }) => l.file_id)).not.toContain(linkId);
    // The same file can be linked again afterwards.
    const again = await call(world.owner, '/api/design-links', {
      body: { figma_file_id: SAMPLE_FILE_KEY, project_id: world.projectId },
    });
    expect(again.status).toBe(201);
  });
});

describe('secrets', () => {
  it('never answered with the token or a passcode', async () => {
    const rows = await webhookRows();
    const secrets = [
      OWNER_TOKEN,
      ...[...rows.values()].map((row) => row.passcode),
      ...world.figma.received.flatMap((r) => {
        const passcode = (r.body as { passcode?: string } | null)?.passcode;
        return passcode ? [passcode] : [];
      }),
    ];
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      for (const secret of secrets) expect(answer).not.toContain(secret);
    }
  });
});
