// @database pglite
import { createHash } from 'node:crypto';
import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/http/security-headers.ts';
import { bearer, createToken, errorOf } from './api-tokens-world.ts';

/** Settings → API tokens: created (shown once), listed, revoked; and the per-token rate. */

const LIMIT = 5;
let server: TestServer;
let mail: MailCatcher;
let alice: TestUser;
let bob: TestUser;

serverWithMail((started) => ({ server, mail } = started), {
  env: { API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT) },
});
beforeAll(async () => {
  alice = await createUser(server, mail, { firstname: 'Alice' });
  bob = await createUser(server, mail, { firstname: 'Bob' });
});

const list = async (user: TestUser) => {
  const response = await user.api('/api/me/api-tokens');
  expect(response.status).toBe(200);
  return (await response.json()) as ApiTokenView[];
};
const rowCount = async () =>
  (await server.deps.db.selectFrom('api_token').select('api_token_id').execute()).length;

describe('creating a token', () => {
  it('shows the token once, keeps only its hash, and lists it without it', async () => {
    const created = await createToken(alice, 'read', '  Nightly report  ');
    expect(created).toEqual({
      api_token_id: expect.any(String),
      name: 'Nightly report',
      scope: 'read',
      prefix: expect.stringMatching(/^figgle_[a-z0-9]{10}$/),
      created_at: expect.any(String),
      last_used_at: null,
      token: expect.stringMatching(/^figgle_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/),
    });
    expect(created.token.startsWith(`${created.prefix}_`)).toBe(true);

    const row = await server.deps.db
      .selectFrom('api_token')
      .selectAll()
      .where('api_token_id', '=', created.api_token_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const secret = created.token.split('_').slice(2).join('_');
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await list(alice);
    expect(listed).toEqual([
      {
        api_token_id: created.api_token_id,
        name: 'Nightly report',
        scope: 'read',
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // Each person sees only their own tokens.
    expect(await list(bob)).toEqual([]);
  });

  it('refuses a bad name or scope with 400 and creates nothing', async () => {
    const before = await rowCount();
    const bodies = [
      { name: '', scope: 'read' },
      { name: '   ', scope: 'read' },
      { name: 'x'.repeat(61), scope: 'read' },
      { name: 'Right\u202eto left', scope: 'read' },
      { name: 'Admin', scope: 'admin' },
      { name: 'No scope' },
      { scope: 'read' },
    ];
    for (const body of bodies) {
      const error = await errorOf(await alice.api('/api/me/api-tokens', { body }), 400);
      expect(error.code).toBe('validation_failed');
    }
    expect(await rowCount()).toBe(before);
    expect((await createToken(alice, 'read', 'x'.repeat(60))).name).toHaveLength(60);
  });

  it('needs a session', async () => {
    const anonymous = apiAs(server, '');
    expect((await anonymous('/api/me/api-tokens')).status).toBe(401);
    const error = await errorOf(
      await anonymous('/api/me/api-tokens', { body: { name: 'A', scope: 'read' } }),
      401,
    );
    expect(error.code).toBe('unauthorized');
  });
});

describe('revoking a token', () => {
  it("ends only one's own token; someone else's, or one already revoked, is a 404", async () => {
    const mine = await createToken(bob, 'read-write', 'To revoke');
    const theirs = await createToken(alice, 'read-write', 'Not Bob’s');

    const notBobs = await bob.api(`/api/me/api-tokens/${theirs.api_token_id}`, { method: 'DELETE' });
    expect((await errorOf(notBobs, 404)).message).toBe('API token not found.');
    expect((await bearer(server, theirs.token)('/api/me')).status).toBe(200);

    expect((await bob.api(`/api/me/api-tokens/${mine.api_token_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await list(bob)).map((each) => each.api_token_id)).not.toContain(mine.api_token_id);
    expect((await bob.api(`/api/me/api-tokens/${mine.api_token_id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api('/api/me/api-tokens/not-an-id', { method: 'DELETE' })).status).toBe(400);
    expect((await bearer(server, mine.token)('/api/me')).status).toBe(401);
  });
});

describe('the rate of a token', () => {
  it('answers 429 with Retry-After past the limit, for that token only', async () => {
    const busy = await createToken(bob, 'read', 'Busy');
    const calm = await createToken(bob, 'read', 'Calm');
    const api = bearer(server, busy.token);
    for (let index = 0; index < LIMIT; index += 1) expect((await api('/api/me')).status).toBe(200);
    const limited = await api('/api/me');
    const error = await errorOf(limited, 429);
    expect(error.code).toBe('too_many_requests');
    expect(error.message).toMatch(/Too many requests with this API token/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token of the same person, and the person's own session, go on.
    expect((await bearer(server, calm.token)('/api/me')).status).toBe(200);
    expect((await bob.api('/api/me')).status).toBe(200);
  });
});

describe('the API documentation at /api/docs', () => {
  it("is a page without inline scripts, under the app's own page policy, unchanged", async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy([]));
    const description = await fetch(`${server.url}/api/docs/json`);
    expect(description.status).toBe(200);
    expect(description.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    const paths = Object.keys(((await description.json()) as { paths: object }).paths);
    expect(paths).toContain('/api/me/api-tokens');
  });
});
