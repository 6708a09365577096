// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, startMailCatcher, type TestUser, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_AND_PROVIDER_SIGN_INS } from '../../src/auth/auth.ts';
import { post, registerOnly } from './auth-helpers.ts';

/**
 * Which better-auth endpoints answer at all, and how the confirmation link answers a forged token.
 * Behind a trusted proxy, so X-Forwarded-For names clients outside loopback (which tests exempt).
 */

let server: TestServer;
let mail: MailCatcher;
let user: TestUser;
beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUST_PROXY: 'true',
    // Configured so its endpoints answer; Google itself is never called (it is outside the machine).
    GOOGLE_CLIENT_ID: 'figgle-test.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'not-a-real-secret',
  });
  user = await createUser(server, mail);
});
afterAll(async () => {
  await server.close();
  await mail.stop();
});

async function call(method: string, path: string, options: { ip: string; cookie?: string; body?: unknown }) {
  const response = await apiAs(server, options.cookie ?? '')(path, {
    method,
    body: method === 'POST' ? (options.body ?? {}) : undefined,
    headers: { 'x-forwarded-for': options.ip },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    response,
  };
}

describe('endpoints the app does not use', () => {
  it.each([
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/error'],
    ['GET', '/api/auth/list-sessions'],
    ['GET', '/api/auth/list-accounts'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/link-social'],
    ['POST', '/api/auth/unlink-account'],
    ['POST', '/api/auth/revoke-other-sessions'],
    ['POST', '/api/auth/verify-password'],
    ['POST', '/api/auth/two-factor/get-totp-uri'],
    ['POST', '/api/auth/two-factor/generate-backup-codes'],
    ['POST', '/api/auth/two-factor/send-otp'],
    ['GET', '/api/auth/sign-in/email'],
  ])('%s %s answers 404, even signed in', async (method, path) => {
    const answer = await call(method, path, {
      ip: '192.0.2.10',
      cookie: user.cookie,
      body: { name: 'Changed' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('answers junk paths 404 before any attempt bucket: they never use up a real endpoint’s limit', async () => {
    const ip = '192.0.2.20';
    const junk = [
      '/api/auth/x',
      '/api/auth/sign-in/email/',
      '/api/auth/%73ign-in/email',
      '/api/auth//request-password-reset',
      '/api/auth/request-password-reset/x',
      '/api/auth/REQUEST-PASSWORD-RESET',
    ];
    for (let round = 0; round < 5; round += 1) {
      for (const path of junk) {
        expect(
          (await call('POST', `${path}${'/'.repeat(round % 2)}`, { ip, body: { email: user.email } })).status,
        ).toBe(404);
      }
    }
    // request-password-reset allows 20 requests per IP in 15 minutes: all 20 are still there.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push(
        (
          await call('POST', '/api/auth/request-password-reset', {
            ip,
            body: { email: uniqueEmail('reset') },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });

  it('refuses a body that would sign in with an ID token, with a clear 400', async () => {
    const answer = await call('POST', '/api/auth/sign-in/social', {
      ip: '192.0.2.30',
      body: { provider: 'google', idToken: { token: 'a.b.c' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      message: 'Signing in with an ID token is not offered: use the sign-in button.',
      issues: [{ path: 'body.idToken' }],
    });
  });
});

/** A confirmation token naming `email`, shaped like better-auth's but signed with a guess. */
function forgedToken(email: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email, iat: now, exp: now + 3600 })}.${Buffer.from('forged-signature').toString('base64url')}`;
}

describe('a forged confirmation link', () => {
  it('answers the same for a confirmed, an unconfirmed and an unknown address', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    expect((await registerOnly(server, unconfirmed, 'secret-123')).status).toBe(200);
    const ip = '192.0.2.40';
    const answers = [];
    for (const email of [user.email, unconfirmed, uniqueEmail('unknown')]) {
      const plain = await call('GET', `/api/auth/verify-email?token=${forgedToken(email)}`, { ip });
      const withCallback = await fetch(
        `${server.url}/api/auth/verify-email?token=${forgedToken(email)}&callbackURL=${encodeURIComponent('/auth?activation=true')}`,
        { redirect: 'manual', headers: { 'x-forwarded-for': ip } },
      );
      answers.push({
        plain: { status: plain.status, body: plain.body },
        withCallback: {
          status: withCallback.status,
          location: withCallback.headers.get('location'),
        },
      });
    }
    expect(answers[0]).toEqual({
      plain: {
        status: 401,
        body: {
          statusCode: 401,
          code: 'invalid_token',
          message: 'This link is invalid, has expired or was already used.',
        },
      },
      withCallback: { status: 302, location: '/auth?activation=true&error=INVALID_TOKEN' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('counts against the per-IP limit whatever the address, so the limit answers every address alike', async () => {
    const ip = '192.0.2.41';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      statuses.push(
        (await call('GET', `/api/auth/verify-email?token=${forgedToken(user.email)}`, { ip })).status,
      );
    }
    expect(statuses).toEqual(Array(60).fill(401));
    const confirmed = await call('GET', `/api/auth/verify-email?token=${forgedToken(user.email)}`, { ip });
    const unknown = await call('GET', `/api/auth/verify-email?token=${forgedToken(uniqueEmail('x'))}`, {
      ip,
    });
    expect([confirmed.status, unknown.status]).toEqual([429, 429]);
    expect(confirmed.body).toEqual(unknown.body);
  });
});

describe('sign-in answers', () => {
  it('says who may try again when: the wait is in Retry-After and in words', async () => {
    const ip = '192.0.2.50';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post(server, '/api/auth/sign-in/email', { email: user.email, password: 'wrong' }, { ip }))
          .status,
      ).toBe(401);
    }
    const waiting = await post(
      server,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.response.headers.get('retry-after'));
    expect(waiting.body.message).toBe(`Too many attempts. Please wait ${retryAfter} seconds and try again.`);
  });
});

describe('Google sign-in', () => {
  it('sends the browser to Google with a return to /callback/google, the route whose sign-ins ask for the code', async () => {
    const start = await call('POST', '/api/auth/sign-in/social', {
      ip: '192.0.2.60',
      body: {
        provider: 'google',
        callbackURL: '/login?signed-in=1',
        errorCallbackURL: '/login?provider-error=1',
      },
    });
    expect(start.status).toBe(200);
    const authorize = new URL(String(start.body?.url));
    expect(authorize.origin).toBe('https://accounts.google.com');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`);
    expect(server.deps.auth.api.callbackOAuth.path).toBe('/callback/:id');
    expect(LINK_AND_PROVIDER_SIGN_INS.has('/callback/:id')).toBe(true);

    // The return reaches better-auth (a forged state is refused there, back to the login page).
    const back = await fetch(`${server.url}/api/auth/callback/google?code=x&state=forged`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '192.0.2.60' },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/\/login\?provider-error=1/);
  });
});
