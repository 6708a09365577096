// @database both
import { SAMPLE_FILE_KEY, SAMPLE_FILE_NAME } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivenClock } from '../../src/clock/clock.ts';
import { FigmaError } from '../../src/figma/errors.ts';
import { FIGMA_OAUTH_TOKENS, oauthAccessToken } from '../../src/figma/oauth-access.ts';
import { decryptToken } from '../../src/figma/token-crypto.ts';
import { figmaClientOfOrganization, tokenOfOrganization } from '../../src/figma/tokens.ts';
import { FIGMA_DEV_RESOURCE_JOB } from '../../src/jobs/job-kinds.ts';
import { wakeWorkers } from '../../src/jobs/wake.ts';
import { connectWithOAuth, startOAuthWorld } from './figma-oauth-world.ts';
import { createProject, eventually, type FigmaWorld, OWNER_TOKEN } from './figma-world.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with toMatchObject.
type Answer = any;

// The stored OAuth tokens as every Figma job and command gets them (figma/tokens.ts,
// figma/oauth-access.ts): refreshed before expiry, once for many callers, never used while broken,
// and OAuth first beside an owner's personal token.

let mail: MailCatcher;
let world: FigmaWorld;
const LIFETIME_SECONDS = 120;
const clock = drivenClock();

beforeAll(async () => {
  mail = await startMailCatcher();
  world = await startOAuthWorld(mail, clock);
  world.figma.tokens.add(OWNER_TOKEN);
});
afterAll(async () => {
  await world?.server.close();
  await world?.figma.stop();
  await mail.stop();
});
beforeEach(async () => {
  world.figma.oauth.refuseRefresh = false;
  world.figma.oauth.accessLifetimeSeconds = LIFETIME_SECONDS;
  await world.server.deps.db.deleteFrom('figma_oauth_connection').execute();
  await world.owner.api('/api/me/figma-token', { method: 'DELETE' });
  await connectWithOAuth(world);
});

const deps = () => world.server.deps;
const access = (now?: Date) => oauthAccessToken(deps().db, deps().env, world.organizationId, now);

async function connection() {
  return deps()
    .db.selectFrom('figma_oauth_connection')
    .selectAll()
    .where('organization_id', '=', world.organizationId)
    .executeTakeFirstOrThrow();
}

/**
 * Moves the stored token into its refresh margin (issued 100 s ago for 120 s: a quarter of its life
 * left), still valid at Figma. Returns undefined: callers then ask at the real time.
 */
async function intoRefreshMargin(): Promise<undefined> {
  await deps()
    .db.updateTable('figma_oauth_connection')
    .set({ access_expires_at: new Date(Date.now() + 20_000), refreshed_at: new Date(Date.now() - 100_000) })
    .where('organization_id', '=', world.organizationId)
    .execute();
  return undefined;
}

describe('refreshing the access token', () => {
  it('uses the stored token while it is fresh, and refreshes it before it expires', async () => {
    const first = world.figma.oauth.exchanges.at(-1)?.accessToken;
    const refreshesBefore = world.figma.oauth.refreshes.length;
    expect(await access()).toBe(first);
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore);

    const renewed = await access(await intoRefreshMargin());
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore + 1);
    expect(renewed).not.toBe(first);
    // Refreshed while the old token still worked at Figma: before expiry, not after.
    expect(world.figma.oauth.isExpired(first ?? '')).toBe(false);
    const row = await connection();
    expect(decryptToken(row.access_token_encrypted, deps().env.SECRET, FIGMA_OAUTH_TOKENS)).toBe(renewed);
    expect(JSON.stringify(row)).not.toContain(renewed);
    expect(row.refreshed_at).not.toBeNull();
    expect(row.refresh_claimed_until).toBeNull();
    // The renewed token works against the API, sent as a Bearer token.
    const client = await figmaClientOfOrganization(deps().db, deps().env, world.organizationId);
    expect(await client?.getFileName(SAMPLE_FILE_KEY)).toBe(SAMPLE_FILE_NAME);
  });

  it('refreshes once for many callers at the same moment', async () => {
    const refreshesBefore = world.figma.oauth.refreshes.length;
    await intoRefreshMargin();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => access()));
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore + 1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('lets another process that claimed the refresh do it, and keeps the still-valid token meanwhile', async () => {
    const current = await access();
    await deps()
      .db.updateTable('figma_oauth_connection')
      .set({ refresh_claimed_until: new Date(Date.now() + 30_000) })
      .where('organization_id', '=', world.organizationId)
      .execute();
    const refreshesBefore = world.figma.oauth.refreshes.length;
    expect(await access(await intoRefreshMargin())).toBe(current);
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore);
  });
});

describe('a refused refresh', () => {
  it('marks the connection broken, shows it to owners, and stops every Figma job', async () => {
    world.figma.oauth.refuseRefresh = true;
    const failure = await access(await intoRefreshMargin()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FigmaError);
    expect((failure as FigmaError).message).toMatch(/reconnect Figma/);
    expect((await connection()).broken_at).not.toBeNull();

    // Every Figma job gets its client from one place: it refuses without calling Figma again.
    const refreshesBefore = world.figma.oauth.refreshes.length;
    const requestsBefore = world.figma.received.length;
    const refused = await figmaClientOfOrganization(deps().db, deps().env, world.organizationId).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FigmaError);
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore);
    expect(world.figma.received).toHaveLength(requestsBefore);

    const status = (await (
      await world.owner.api(`/api/organizations/${world.organizationId}/figma-oauth`)
    ).json()) as Answer;
    expect(status.connection.broken).toMatchObject({ reason: expect.stringMatching(/refused/) });
    const notices = (await (await world.owner.api('/api/figma/oauth/notices')).json()) as Answer;
    expect(notices.broken).toEqual([
      { organization_id: world.organizationId, name: 'Acme Design', reason: expect.any(String) },
    ]);
    const memberNotices = (await (await world.member.api('/api/figma/oauth/notices')).json()) as Answer;
    expect(memberNotices.broken).toEqual([]);
  });

  it('is repaired by connecting again', async () => {
    world.figma.oauth.refuseRefresh = true;
    await access(await intoRefreshMargin()).catch(() => null);
    world.figma.oauth.refuseRefresh = false;
    await connectWithOAuth(world);
    expect((await connection()).broken_at).toBeNull();
    expect(await access()).toBe(world.figma.oauth.exchanges.at(-1)?.accessToken);
  });
});

describe('a personal token beside OAuth', () => {
  it('is used only without an OAuth connection: OAuth first, the token after a disconnect', async () => {
    const saved = await world.owner.api('/api/me/figma-token', {
      method: 'PUT',
      body: { token: OWNER_TOKEN },
    });
    expect(saved.status).toBe(200);
    const both = await tokenOfOrganization(deps().db, deps().env, world.organizationId);
    expect(both).toEqual({ kind: 'oauth', token: world.figma.oauth.exchanges.at(-1)?.accessToken });
    const client = await figmaClientOfOrganization(deps().db, deps().env, world.organizationId);
    await client?.getFileName(SAMPLE_FILE_KEY);
    expect(world.figma.received.at(-1)?.token).toBe(both?.token);

    const disconnected = await world.owner.api(`/api/organizations/${world.organizationId}/figma-oauth`, {
      method: 'DELETE',
    });
    expect(disconnected.status).toBe(204);
    expect(await tokenOfOrganization(deps().db, deps().env, world.organizationId)).toEqual({
      kind: 'personal',
      token: OWNER_TOKEN,
    });
    const status = (await (
      await world.owner.api(`/api/organizations/${world.organizationId}/figma-oauth`)
    ).json()) as Answer;
    expect(status).toMatchObject({ connection: null, personal_token_fallback: true });
  });
});

describe('Figma jobs', () => {
  it('run with the OAuth token, wait while the connection is broken, and go on once reconnected', async () => {
    clock.reset();
    const projectId = await createProject(
      world.owner,
      world.organizationId,
      'Checkout',
      // Three characters always: a time ending in 00–09 must not make a two-character trigram.
      `C${String(Date.now() % 100).padStart(2, '0')}`,
    );
    const created = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Hero' } });
    const taskId = ((await created.json()) as Answer).task_id as string;
    const link = (nodeId: string) =>
      world.owner.api(`/api/tasks/${taskId}/figma-nodes`, {
        body: {
          url: `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout?node-id=${nodeId.replace(':', '-')}`,
        },
      });
    const onNode = (nodeId: string) => world.figma.devResources.on(SAMPLE_FILE_KEY, nodeId);

    // A job (the dev resource of a linked node) reaches Figma with the OAuth token.
    expect((await link('300:1')).status).toBe(201);
    await eventually(async () => onNode('300:1').length === 1, 'the first dev resource');
    const oauthToken = world.figma.oauth.exchanges.at(-1)?.accessToken;
    expect(world.figma.requests('POST', /^\/v1\/dev_resources$/).at(-1)?.token).toBe(oauthToken);

    // Figma refuses to renew the access: the next job waits, with the reason, without using an attempt.
    world.figma.oauth.refuseRefresh = true;
    await intoRefreshMargin();
    expect((await link('300:2')).status).toBe(201);
    const waiting = await eventually(async () => {
      const jobs = await deps()
        .db.selectFrom('job')
        .selectAll()
        .where('kind', '=', FIGMA_DEV_RESOURCE_JOB)
        .execute();
      return jobs.find(
        (job) =>
          JSON.stringify(job.payload).includes('300:2') && /reconnect Figma/.test(job.last_error ?? ''),
      );
    }, 'the job waiting for a reconnection');
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0 });
    expect(onNode('300:2')).toEqual([]);

    // An owner connects again: the waiting job goes on at its next look, with the new token.
    world.figma.oauth.refuseRefresh = false;
    await connectWithOAuth(world);
    clock.advance(5 * 60_000 + 1_000);
    wakeWorkers(deps().db);
    await eventually(async () => onNode('300:2').length === 1, 'the dev resource after reconnecting');
    expect(world.figma.requests('POST', /^\/v1\/dev_resources$/).at(-1)?.token).toBe(
      world.figma.oauth.exchanges.at(-1)?.accessToken,
    );
    clock.reset();
  });
});
