// @database pglite

import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The emailed-link endpoints allow 5 requests per address in 15 minutes (auth/routes.ts), whoever
 * asks: a crowd of addresses (each under its own per-IP limit) cannot flood one inbox either.
 * Outside NODE_ENV=test and with TRUST_PROXY=1, X-Forwarded-For names a different client per request,
 * as behind a real proxy. Without SMTP_URL the mail goes to the dev mailbox, which the test counts.
 */

const PER_EMAIL_LIMIT = 5;

let server: TestServer;
let nextAddress = 1;
/** A client address never used before in this file, so no per-IP count is ever involved. */
const freshIp = () => {
  const n = nextAddress++;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'development', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: unknown, ip: string) {
  const response = await apiAs(server, '')(path, { body, headers: { 'x-forwarded-for': ip } });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (text ? JSON.parse(text) : null) as { code?: string; message?: string } | null,
  };
}

/** An account with a password (the links are only sent to registered addresses). */
async function register(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const signUp = await post(
    '/api/auth/sign-up/email',
    { email, password: 'limits-pw-123', name: 'Lim Its', firstname: 'Lim', lastname: 'Its' },
    freshIp(),
  );
  expect(signUp.status).toBe(200);
  return email;
}

/** Messages with this subject the server has sent to `email` so far (background sends included). */
async function mailsTo(email: string, subject: string): Promise<number> {
  await server.deps.mailer.flush();
  return server.deps.mailer.recent().filter((m) => m.to === email && m.subject === subject).length;
}

describe.each([
  { endpoint: '/api/auth/sign-in/magic-link', subject: 'Your Figgle sign-in link' },
  { endpoint: '/api/auth/request-password-reset', subject: 'Reset your Figgle password' },
])('per-email limit of $endpoint', ({ endpoint, subject }) => {
  it('answers the 6th request for one address, each from another IP, 429 Too many attempts and sends no more mail', async () => {
    const target = await register('target');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_EMAIL_LIMIT; attempt += 1) {
      statuses.push((await post(endpoint, { email: target }, freshIp())).status);
    }
    expect(statuses).toEqual(Array(PER_EMAIL_LIMIT).fill(200));
    expect(await mailsTo(target, subject)).toBe(PER_EMAIL_LIMIT);

    const sixth = await post(endpoint, { email: target }, freshIp());
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      statusCode: 429,
      code: 'too_many_attempts',
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(15 * 60);

    // The address is the key, however it is written.
    const shouted = await post(endpoint, { email: `  ${target.toUpperCase()} ` }, freshIp());
    expect(shouted.status).toBe(429);
    expect(await mailsTo(target, subject)).toBe(PER_EMAIL_LIMIT);
  });

  it('still serves another address, and the same address on the other emailed-link endpoint', async () => {
    const target = await register('flooded');
    for (let attempt = 0; attempt <= PER_EMAIL_LIMIT; attempt += 1) {
      await post(endpoint, { email: target }, freshIp());
    }
    expect((await post(endpoint, { email: target }, freshIp())).status).toBe(429);

    const other = await register('other');
    const answer = await post(endpoint, { email: other }, freshIp());
    expect(answer.status).toBe(200);
    expect(await mailsTo(other, subject)).toBe(1);

    const otherEndpoint =
      endpoint === '/api/auth/sign-in/magic-link'
        ? { path: '/api/auth/request-password-reset', subject: 'Reset your Figgle password' }
        : { path: '/api/auth/sign-in/magic-link', subject: 'Your Figgle sign-in link' };
    expect((await post(otherEndpoint.path, { email: target }, freshIp())).status).toBe(200);
    expect(await mailsTo(target, otherEndpoint.subject)).toBe(1);
  });
});
