// @database pglite
import { SAMPLE_TEAM_ID } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { signInAgain, startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivenClock } from '../../src/clock/clock.ts';
import { FIGMA_OAUTH_TOKENS } from '../../src/figma/oauth-access.ts';
import { decryptToken } from '../../src/figma/token-crypto.ts';
import { authorizeOnFigma, connectWithOAuth, followCallback, startOAuthWorld } from './figma-oauth-world.ts';
import type { FigmaWorld } from './figma-world.ts';

// "Connect with Figma" over real HTTP against the fake Figma's OAuth (docs/figma-api.md#oauth-2-for-an-organization):
// the flow, the state's rules (single use, this owner's session only, 10 minutes), who may do it.

let mail: MailCatcher;
let world: FigmaWorld;
const clock = drivenClock();

beforeAll(async () => {
  mail = await startMailCatcher();
  world = await startOAuthWorld(mail, clock);
});
afterAll(async () => {
  await world?.server.close();
  await world?.figma.stop();
  await mail.stop();
});
beforeEach(async () => {
  clock.reset();
  await world.server.deps.db.deleteFrom('figma_oauth_connection').execute();
});

const statusPath = () => `/api/organizations/${world.organizationId}/figma-oauth`;

function connectionRows() {
  return world.server.deps.db.selectFrom('figma_oauth_connection').selectAll().execute();
}

describe('connecting an organization through Figma OAuth', () => {
  it('goes to Figma with the documented parameters, comes back, and stores the tokens encrypted', async () => {
    const started = await world.owner.api(statusPath(), { method: 'POST' });
    expect(started.status).toBe(200);
    const url = new URL(((await started.json()) as { authorize_url: string }).authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${world.figma.url}/oauth`);
    expect(url.searchParams.get('client_id')).toBe('figgle-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${world.server.url}/api/figma/oauth/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining([
        'file_comments:write',
        'webhooks:write',
        'file_content:read',
        'file_dev_resources:write',
      ]),
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);

    await connectWithOAuth(world);
    const [row] = await connectionRows();
    const issued = world.figma.oauth.exchanges.at(-1)?.accessToken ?? '';
    expect(issued).toMatch(/^figu_/);
    // Only ciphertext in the database: neither token appears in any column.
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(issued);
    expect(stored).not.toContain('figur_');
    expect(decryptToken(row!.access_token_encrypted, world.server.env.SECRET, FIGMA_OAUTH_TOKENS)).toBe(
      issued,
    );
    expect(row).toMatchObject({
      connected_by: world.owner.userId,
      figma_user_id: '1180434951000001',
      broken_at: null,
    });

    const status = await world.owner.api(statusPath());
    const body = (await status.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      configured: true,
      personal_token_fallback: false,
      connection: { connected_by: { user_id: world.owner.userId, name: 'Olive Owner' }, broken: null },
    });
    expect(JSON.stringify(body)).not.toContain(issued);
  });

  it('lands on the settings page, told it is connected', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    const answer = await followCallback(callback, world.owner.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('url=/settings/figma?figma_oauth=connected');
  });

  it('stores nothing when the owner denies access on Figma', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner, 'deny');
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const answer = await followCallback(callback, world.owner.cookie);
    expect(await answer.text()).toContain('url=/settings/figma?figma_oauth=denied');
    expect(await connectionRows()).toEqual([]);
  });
});

describe('an organization connected only through OAuth', () => {
  it("registers its team's webhooks with the OAuth token, without any personal token", async () => {
    await connectWithOAuth(world);
    const saved = await world.owner.api(`/api/organizations/${world.organizationId}/figma-team`, {
      method: 'PUT',
      body: { figma_team_id: SAMPLE_TEAM_ID },
    });
    expect(await saved.json()).toMatchObject({ webhook_live: true, webhook_error: null });
    const registrations = world.figma.requests('POST', /^\/v2\/webhooks$/);
    expect(registrations.length).toBeGreaterThan(0);
    const issued = world.figma.oauth.exchanges.at(-1)?.accessToken;
    expect(registrations.every((registration) => registration.token === issued)).toBe(true);
  });
});

describe('the state', () => {
  async function expectRefused(answer: Response, words: RegExp) {
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe('figma_oauth_state_invalid');
    expect(body.message).toMatch(words);
    expect(await connectionRows()).toEqual([]);
  }

  it('refuses a forged state with a 400 and stores nothing', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'a-state-figgle-never-made-0000000000000000000');
    await expectRefused(await followCallback(forged.toString(), world.owner.cookie), /unknown, already used/);
  });

  it('refuses a state used once already', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    expect((await followCallback(callback, world.owner.cookie)).status).toBe(200);
    await world.server.deps.db.deleteFrom('figma_oauth_connection').execute();
    await expectRefused(await followCallback(callback, world.owner.cookie), /already used/);
  });

  it('refuses a state older than 10 minutes', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    clock.advance(10 * 60_000 + 1_000);
    await expectRefused(await followCallback(callback, world.owner.cookie), /expired/);
  });

  it("refuses a callback in another user's session, and in another session of the same owner", async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    await expectRefused(await followCallback(callback, world.member.cookie), /another session/);
    await expectRefused(await followCallback(callback, world.outsider.cookie), /another session/);
    const otherSession = await signInAgain(world.server, world.owner);
    await expectRefused(await followCallback(callback, otherSession), /another session/);
    // None of these spent it: the owner's own session still finishes.
    expect((await followCallback(callback, world.owner.cookie)).status).toBe(200);
  });

  it('refuses a callback without a state (400) and without a session (401)', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    expect((await followCallback(noState.toString(), world.owner.cookie)).status).toBe(400);
    expect((await followCallback(callback, '')).status).toBe(401);
    expect(await connectionRows()).toEqual([]);
  });

  it('refuses a code Figma does not know (the exchange fails) and stores nothing', async () => {
    const { callback } = await authorizeOnFigma(world, world.owner);
    const wrongCode = new URL(callback);
    wrongCode.searchParams.set('code', 'not-a-code');
    const answer = await followCallback(wrongCode.toString(), world.owner.cookie);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe('figma_oauth_refused');
    expect(await connectionRows()).toEqual([]);
  });
});

describe('who may connect and disconnect', () => {
  it('lets members and outsiders neither start, read nor disconnect (403, 404)', async () => {
    await connectWithOAuth(world);
    for (const [user, status] of [
      [world.member, 403],
      [world.outsider, 404],
    ] as const) {
      expect((await user.api(statusPath(), { method: 'POST' })).status).toBe(status);
      expect((await user.api(statusPath())).status).toBe(status);
      expect((await user.api(statusPath(), { method: 'DELETE' })).status).toBe(status);
    }
    expect(await connectionRows()).toHaveLength(1);
  });

  it('deletes the tokens on disconnect', async () => {
    await connectWithOAuth(world);
    expect((await world.owner.api(statusPath(), { method: 'DELETE' })).status).toBe(204);
    expect(await connectionRows()).toEqual([]);
    const status = (await (await world.owner.api(statusPath())).json()) as { connection: unknown };
    expect(status.connection).toBeNull();
  });
});
