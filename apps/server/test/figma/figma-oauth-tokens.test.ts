// @database both
import { SAMPLE_FILE_KEY, SAMPLE_FILE_NAME } from '@figgle/test-support/fake-figma';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FigmaError } from '../../src/figma/errors.ts';
import { FIGMA_OAUTH_TOKENS, oauthAccessToken } from '../../src/figma/oauth-access.ts';
import { decryptToken } from '../../src/figma/token-crypto.ts';
import { figmaClientOfOrganization, tokenOfOrganization } from '../../src/figma/tokens.ts';
import { judgeFailure } from '../../src/jobs/job-errors.ts';
import { connectWithOAuth, startOAuthWorld } from './figma-oauth-world.ts';
import { type FigmaWorld, OWNER_TOKEN } from './figma-world.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with toMatchObject.
type Answer = any;

// The stored OAuth tokens as every Figma job and command gets them (figma/tokens.ts,
// figma/oauth-access.ts): refreshed before expiry, once for many callers, never used while broken,
// and OAuth first beside an owner's personal token.

let mail: MailCatcher;
let world: FigmaWorld;
const LIFETIME_SECONDS = 120;

beforeAll(async () => {
  mail = await startMailCatcher();
  world = await startOAuthWorld(mail);
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

/** A moment inside the refresh margin (a quarter of the life) but before the token expires. */
async function nearExpiry(): Promise<Date> {
  const expires = new Date((await connection()).access_expires_at).getTime();
  return new Date(expires - 10_000);
}

describe('refreshing the access token', () => {
  it('uses the stored token while it is fresh, and refreshes it before it expires', async () => {
    const first = world.figma.oauth.exchanges.at(-1)?.accessToken;
    const refreshesBefore = world.figma.oauth.refreshes.length;
    expect(await access()).toBe(first);
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore);

    const renewed = await access(await nearExpiry());
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
    const when = await nearExpiry();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => access(when)));
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
    expect(await access(await nearExpiry())).toBe(current);
    expect(world.figma.oauth.refreshes).toHaveLength(refreshesBefore);
  });
});

describe('a refused refresh', () => {
  it('marks the connection broken, shows it to owners, and stops every Figma job', async () => {
    world.figma.oauth.refuseRefresh = true;
    const failure = await access(await nearExpiry()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FigmaError);
    expect((failure as FigmaError).message).toMatch(/reconnect Figma/);
    expect((await connection()).broken_at).not.toBeNull();

    // Jobs get the client from one place: it refuses, and the job fails with a reason people can read.
    const refreshesBefore = world.figma.oauth.refreshes.length;
    const requestsBefore = world.figma.received.length;
    const jobFailure = await figmaClientOfOrganization(deps().db, deps().env, world.organizationId).catch(
      (error: unknown) => error,
    );
    expect(judgeFailure(jobFailure)).toMatchObject({
      permanent: true,
      reason: expect.stringMatching(/reconnect Figma/),
    });
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
    await access(await nearExpiry()).catch(() => null);
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
