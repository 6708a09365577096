// @database pglite
import { createHmac } from 'node:crypto';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { apiAs, cookieHeaderFrom, createUser, type TestUser, uniqueEmail } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefusedAndNothingChanged,
  type HostileWorld,
  snapshotDatabase,
  startHostileWorld,
} from '../support/hostile-world.ts';

/**
 * Links used a second time and session cookies that should open nothing: after sign-out, after a
 * password change or reset, tampered with, or signed with another server's secret.
 */

const SESSION_COOKIE = 'figgle.session_token';
const OTHER_SECRET = 'another-servers-secret-that-is-long-enough-42';

let world: HostileWorld;
beforeAll(async () => {
  world = await startHostileWorld();
});
afterAll(async () => {
  await world?.close();
});

const post = (path: string, body: unknown, cookie = '') => apiAs(world.server, cookie)(path, { body });

/** The session token inside a Cookie header, and the header rebuilt around another value. */
function tokenOf(cookie: string): string {
  const value = cookie.split('; ').find((part) => part.startsWith(`${SESSION_COOKIE}=`));
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return decodeURIComponent(value.slice(SESSION_COOKIE.length + 1)).split('.')[0]!;
}
const withValue = (value: string) => `${SESSION_COOKIE}=${encodeURIComponent(value)}`;
/** better-auth's signed cookie: the value, a dot, the base64 HMAC-SHA256 of the value. */
const signed = (token: string, secret: string) =>
  withValue(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

async function signIn(user: TestUser): Promise<string> {
  const response = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(response.status).toBe(200);
  return cookieHeaderFrom(response);
}

async function resetPasswordLink(user: TestUser): Promise<string> {
  expect((await post('/api/auth/request-password-reset', { email: user.email })).status).toBe(200);
  const link = MailCatcher.linkIn(await world.mail.waitFor(user.email, /reset/i), world.server.url);
  return link.match(/reset-password\/([^?]+)/)![1]!;
}

/** Ways a cookie leaks or is forged; each gives the Cookie header an attacker would send. */
const STOLEN_COOKIES: Array<[string, () => Promise<string>]> = [
  [
    'a cookie after sign-out',
    async () => {
      const user = await createUser(world.server, world.mail);
      expect((await post('/api/auth/sign-out', {}, user.cookie)).status).toBe(200);
      return user.cookie;
    },
  ],
  [
    'another device’s cookie after a password change',
    async () => {
      const user = await createUser(world.server, world.mail);
      const other = await signIn(user);
      const passwords = { currentPassword: user.password, newPassword: 'changed-password' };
      expect((await post('/api/me/password', passwords, user.cookie)).status).toBe(204);
      return other;
    },
  ],
  [
    'a cookie after a password reset',
    async () => {
      const user = await createUser(world.server, world.mail);
      const token = await resetPasswordLink(user);
      expect((await post('/api/auth/reset-password', { token, newPassword: 'reset-password' })).status).toBe(
        200,
      );
      return user.cookie;
    },
  ],
  ['a cookie with a tampered signature', async () => withValue(`${tokenOf(world.users.member.cookie)}.AAAA`)],
  [
    'a cookie with a tampered token',
    async () => {
      const token = tokenOf(world.users.member.cookie);
      return signed(`${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`, world.server.env.SECRET);
    },
  ],
  [
    'a cookie signed with another server’s secret',
    async () => signed(tokenOf(world.users.member.cookie), OTHER_SECRET),
  ],
  ['the bare token without its signature', async () => withValue(tokenOf(world.users.member.cookie))],
  ['a cookie with SQL for a token', async () => signed("' OR '1'='1", world.server.env.SECRET)],
];

/** What an attacker tries with the cookie: reading and writing. */
const WITH_STOLEN_COOKIE: Array<[string, string, (w: HostileWorld) => string, unknown?]> = [
  ['read the profile', 'GET', () => '/api/me'],
  ['read the organization', 'GET', (w) => `/api/organizations/${w.org}`],
  ['read a file', 'GET', (w) => `/api/uploads/${w.uploadPath}`],
  ['rename the profile', 'PATCH', () => '/api/me', { firstname: 'Thief' }],
  ['create an organization', 'POST', () => '/api/organizations', { name: 'Stolen' }],
  ['add a task', 'POST', (w) => `/api/projects/${w.project}/tasks`, { title: 'Planted' }],
];

describe('stolen and forged session cookies', () => {
  it('signs a token with the real secret the way the server does, so the forgeries below are faithful', async () => {
    const cookie = signed(tokenOf(world.users.member.cookie), world.server.env.SECRET);
    expect((await apiAs(world.server, cookie)('/api/me')).status).toBe(200);
  });

  describe.each(STOLEN_COOKIES)('%s', (_pattern, steal) => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await steal();
    });
    it.each(WITH_STOLEN_COOKIE)('cannot %s', async (_what, method, path, json) => {
      await expectRefusedAndNothingChanged(world, {
        name: _pattern,
        method,
        path: path(world),
        json,
        as: { cookie },
        status: 401,
        message: /sign in/,
      });
    });
  });
});

describe('single-use links used twice', () => {
  it('a password reset link: the second use is refused and changes nothing', async () => {
    const user = await createUser(world.server, world.mail);
    const token = await resetPasswordLink(user);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'first-reset' })).status).toBe(200);
    await expectRefusedAndNothingChanged(world, {
      name: 'reset link replayed',
      method: 'POST',
      path: '/api/auth/reset-password',
      json: { token, newPassword: 'second-reset' },
      as: 'anonymous',
      status: 400,
      message: /invalid, has expired or was already used/,
    });
  });

  it('an invitation: the second use is refused and changes nothing', async () => {
    const email = uniqueEmail('invited');
    const invite = await world.users.owner.api(`/api/organizations/${world.org}/invitations`, {
      body: { firstname: 'In', lastname: 'Vited', email },
    });
    expect(invite.status).toBe(201);
    const link = MailCatcher.linkIn(await world.mail.waitFor(email, /invit/i), world.server.url);
    const token = new URL(link).searchParams.get('token') ?? link.split('/').pop()!;
    expect((await post('/api/invitations/accept', { token, password: 'joined-password' })).status).toBe(200);
    await expectRefusedAndNothingChanged(world, {
      name: 'invitation replayed',
      method: 'POST',
      path: '/api/invitations/accept',
      json: { token, password: 'another-password' },
      as: 'anonymous',
      status: 410,
    });
  });

  it('an email confirmation: the second use is refused, by the API and in the browser, and changes nothing', async () => {
    const email = uniqueEmail('confirm');
    await post('/api/auth/sign-up/email', { email, password: 'confirm-pw', firstname: 'C', lastname: 'F' });
    const link = MailCatcher.linkIn(await world.mail.waitFor(email, /confirm/i), world.server.url);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).not.toContain('error=');
    const apiForm = new URL(link);
    apiForm.searchParams.delete('callbackURL');
    await expectRefusedAndNothingChanged(world, {
      name: 'confirmation replayed',
      method: 'GET',
      path: `${apiForm.pathname}${apiForm.search}`,
      as: 'anonymous',
      status: 401,
      message: /already used/,
    });
    await expectBrowserReplayRefused(link);
  });

  it('a magic link: the second use lands on the error page, opens no session and changes nothing', async () => {
    const user = await createUser(world.server, world.mail);
    expect(
      (await post('/api/auth/sign-in/magic-link', { email: user.email, callbackURL: '/projects' })).status,
    ).toBe(200);
    const link = MailCatcher.linkIn(await world.mail.waitFor(user.email, /sign-in link/), world.server.url);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    await expectBrowserReplayRefused(link);
  });
});

/**
 * A link opened in the browser is answered with a redirect to the page that explains the error
 * (a JSON 4xx would leave the person on a blank page): no session cookie, nothing changed.
 */
async function expectBrowserReplayRefused(link: string): Promise<void> {
  const before = await snapshotDatabase(world.server);
  const again = await fetch(link, { redirect: 'manual' });
  expect(again.status).toBe(302);
  expect(again.headers.get('location')).toContain('error=INVALID_TOKEN');
  expect(
    again.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes('Max-Age=0')),
  ).toBe(false);
  expect(await snapshotDatabase(world.server)).toEqual(before);
}
