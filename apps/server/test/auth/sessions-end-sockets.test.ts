// @database pglite
import { CLOSE_CODES, topics } from '@figgle/shared/realtime-protocol';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, serverWithMail, signInAgain, type TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { closedWithin, TestSocket } from '../realtime/realtime-socket.ts';

/**
 * A session that ends (sign-out, password change, reset, revocation) closes its realtime sockets
 * within a second, instead of letting them hear events until the next check of the session.
 */

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const SESSION_COOKIE = 'figgle.session_token';

/** The raw session token of a Cookie header (what list-sessions shows and revoke-session takes). */
function tokenOf(cookie: string): string {
  const value = cookie.split('; ').find((part) => part.startsWith(`${SESSION_COOKIE}=`))!;
  return decodeURIComponent(value.slice(SESSION_COOKIE.length + 1)).split('.')[0]!;
}

/** A socket of the session, listening to the user's own topic. */
async function socketOf(cookie: string): Promise<TestSocket> {
  const socket = await TestSocket.open(server.url, { cookie });
  expect(await socket.subscribe(topics.inbox)).toMatchObject({ type: 'subscribed' });
  return socket;
}

async function stillOpenAfter(socket: TestSocket, ms: number): Promise<boolean> {
  const closed = await Promise.race([
    socket.closed.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  return !closed;
}

async function resetLinkToken(user: TestUser): Promise<string> {
  const asked = await apiAs(server, '')('/api/auth/request-password-reset', { body: { email: user.email } });
  expect(asked.status).toBe(200);
  const link = MailCatcher.linkIn(await mail.waitFor(user.email, /reset/i), server.url);
  return link.match(/reset-password\/([^?]+)/)![1]!;
}

describe('a session that ends closes its sockets within 1 s', () => {
  it('on sign-out, and the ended cookie opens no new socket', async () => {
    const user = await createUser(server, mail);
    const otherDevice = await signInAgain(server, user);
    const socket = await socketOf(user.cookie);
    const otherSocket = await socketOf(otherDevice);
    expect((await user.api('/api/auth/sign-out', { body: {} })).status).toBe(200);
    expect(await closedWithin(socket, 1000)).toEqual({ code: CLOSE_CODES.signedOut, reason: 'Signed out' });
    expect(await TestSocket.connect(server.url, { cookie: user.cookie }).refusal()).toBe(401);
    // Another device of the same account is another session: it stays.
    expect(await stillOpenAfter(otherSocket, 300)).toBe(true);
    otherSocket.close();
  });

  it('on a password change: every other session’s sockets close, the changing session’s stay', async () => {
    const user = await createUser(server, mail);
    const otherDevice = await signInAgain(server, user);
    const own = await socketOf(user.cookie);
    const other = await socketOf(otherDevice);
    const body = { currentPassword: user.password, newPassword: 'changed-1' };
    expect((await user.api('/api/me/password', { body })).status).toBe(204);
    expect((await closedWithin(other, 1000)).code).toBe(CLOSE_CODES.signedOut);
    expect(await stillOpenAfter(own, 300)).toBe(true);
    own.close();
  });

  it('on a password reset: every session’s sockets close', async () => {
    const user = await createUser(server, mail);
    const socket = await socketOf(user.cookie);
    const token = await resetLinkToken(user);
    const reset = await apiAs(server, '')('/api/auth/reset-password', {
      body: { token, newPassword: 'reset-one' },
    });
    expect(reset.status).toBe(200);
    expect((await closedWithin(socket, 1000)).code).toBe(CLOSE_CODES.signedOut);
  });

  it('on revoking one session: that session’s sockets close, not the revoker’s', async () => {
    const user = await createUser(server, mail);
    const otherDevice = await signInAgain(server, user);
    const own = await socketOf(user.cookie);
    const other = await socketOf(otherDevice);
    const revoked = await user.api('/api/auth/revoke-session', { body: { token: tokenOf(otherDevice) } });
    expect(revoked.status).toBe(200);
    expect((await closedWithin(other, 1000)).code).toBe(CLOSE_CODES.signedOut);
    expect(await stillOpenAfter(own, 300)).toBe(true);
    own.close();
  });

  it('on revoking every session of the account', async () => {
    const user = await createUser(server, mail);
    const otherDevice = await signInAgain(server, user);
    const own = await socketOf(user.cookie);
    const other = await socketOf(otherDevice);
    expect((await user.api('/api/auth/revoke-sessions', { body: {} })).status).toBe(200);
    expect((await closedWithin(other, 1000)).code).toBe(CLOSE_CODES.signedOut);
    expect((await closedWithin(own, 1000)).code).toBe(CLOSE_CODES.signedOut);
  });

  it('never for another account: revoking someone else’s session token changes nothing', async () => {
    const victim = await createUser(server, mail);
    const stranger = await createUser(server, mail);
    const socket = await socketOf(victim.cookie);
    const revoked = await stranger.api('/api/auth/revoke-session', {
      body: { token: tokenOf(victim.cookie) },
    });
    expect(revoked.status).toBe(200);
    expect(await stillOpenAfter(socket, 300)).toBe(true);
    expect((await victim.api('/api/me')).status).toBe(200);
    socket.close();
  });

  it('never for a refused attempt: a wrong current password closes no socket', async () => {
    const user = await createUser(server, mail);
    const otherDevice = await signInAgain(server, user);
    const other = await socketOf(otherDevice);
    const body = { currentPassword: 'wrong-one', newPassword: 'changed-2' };
    expect((await user.api('/api/me/password', { body })).status).toBe(400);
    expect(await stillOpenAfter(other, 300)).toBe(true);
    other.close();
  });
});
