// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom, createUser, serverWithMail } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enrolTotp, mailSettled } from '../../../test/auth/auth-helpers.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

const signIn = (email: string, password: string) =>
  apiAs(server, '')('/api/auth/sign-in/email', { body: { email, password } });

async function authUserIdOf(email: string): Promise<string> {
  const row = await server.deps.db
    .selectFrom('app_user')
    .select('auth_user_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.auth_user_id;
}

async function twoFactorOn(email: string): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`
    SELECT "twoFactorEnabled" AS on FROM auth_user WHERE id = ${await authUserIdOf(email)}`.execute(
    server.deps.db,
  );
  return !!rows[0]?.on;
}

/** An account like one made through Google or OIDC: no password, signed in `minutesAgo`. */
async function passwordlessUser(minutesAgo: number): Promise<{ email: string; cookie: string }> {
  const user = await createUser(server, mail);
  const context = await server.deps.auth.$context;
  const authUserId = await authUserIdOf(user.email);
  const credential = await context.internalAdapter.findCredentialAccount(authUserId);
  await context.internalAdapter.deleteAccount(credential!.id);
  const signedInAt = new Date(Date.now() - minutesAgo * 60_000);
  await sql`UPDATE auth_session SET "createdAt" = ${signedInAt} WHERE "userId" = ${authUserId}`.execute(
    server.deps.db,
  );
  return { email: user.email, cookie: user.cookie };
}

describe('POST /api/me/password', () => {
  it('changes the password with the current one: the new one signs in, the old one no longer does', async () => {
    const user = await createUser(server, mail);
    const response = await user.api('/api/me/password', {
      body: { currentPassword: user.password, newPassword: 'brand-new' },
    });
    expect(response.status).toBe(204);
    expect((await signIn(user.email, 'brand-new')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    // The session that changed it stays signed in.
    expect((await user.api('/api/organizations')).status).toBe(200);
  });

  it('tells the owner by email, with the way to take the account back', async () => {
    const user = await createUser(server, mail);
    const body = { currentPassword: user.password, newPassword: 'emailed-1' };
    expect((await user.api('/api/me/password', { body })).status).toBe(204);
    const message = await mail.waitFor(user.email, /password was changed/);
    expect(message.text).toContain('If you did not do this, choose a new password now');
    expect(MailCatcher.linkIn(message, server.url)).toBe(`${server.url}/reset-password`);
  });

  it('ends every other session of the account, keeping the one that changed it', async () => {
    const user = await createUser(server, mail);
    const otherDevice = cookieHeaderFrom(await signIn(user.email, user.password));
    expect((await apiAs(server, otherDevice)('/api/me')).status).toBe(200);
    const body = { currentPassword: user.password, newPassword: 'rotated1' };
    expect((await user.api('/api/me/password', { body })).status).toBe(204);
    expect((await apiAs(server, otherDevice)('/api/me')).status).toBe(401);
    expect((await user.api('/api/me')).status).toBe(200);
  });

  it.each([
    ['without the current password', {}, 'current_password_required', /Enter your current password/],
    ['with a wrong current password', { currentPassword: 'not-it' }, 'wrong_password', /not correct/],
  ])(
    'refuses a change %s: 400, password, sessions and mailbox unchanged',
    async (_label, extra, code, message) => {
      const user = await createUser(server, mail);
      const otherDevice = cookieHeaderFrom(await signIn(user.email, user.password));
      const response = await user.api('/api/me/password', { body: { ...extra, newPassword: 'taken-over' } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code, message: expect.stringMatching(message) });
      expect((await signIn(user.email, 'taken-over')).status).toBe(401);
      expect((await signIn(user.email, user.password)).status).toBe(200);
      expect((await apiAs(server, otherDevice)('/api/me')).status).toBe(200);
      await mailSettled(server);
      await expect(mail.waitFor(user.email, /password was changed/, 100)).rejects.toThrow();
    },
  );

  it('stops guessing the current password after five wrong ones, even when the sixth is right', async () => {
    const user = await createUser(server, mail);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await user.api('/api/me/password', {
        body: { currentPassword: `guess-${attempt}`, newPassword: 'guessed-1' },
      });
      expect(wrong.status).toBe(400);
    }
    const right = await user.api('/api/me/password', {
      body: { currentPassword: user.password, newPassword: 'guessed-1' },
    });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toMatch(/Try again in 15 minutes/);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('keeps TOTP as it was: a stolen session can neither set a password nor then turn the factor off', async () => {
    const user = await createUser(server, mail);
    const cookie = (await enrolTotp(server, user)).cookie;
    const thief = apiAs(server, cookie);
    const takeover = await thief('/api/me/password', { body: { newPassword: 'thief-pass' } });
    expect(takeover.status).toBe(400);
    const off = await thief('/api/auth/two-factor/disable', { body: { password: 'thief-pass' } });
    expect(off.status).toBeGreaterThanOrEqual(400);
    expect(await twoFactorOn(user.email)).toBe(true);
  });

  it('keeps TOTP on through a change by the owner: the new password still asks for the code', async () => {
    const user = await createUser(server, mail);
    const cookie = (await enrolTotp(server, user)).cookie;
    const change = await apiAs(server, cookie)('/api/me/password', {
      body: { currentPassword: user.password, newPassword: 'owner-new' },
    });
    expect(change.status).toBe(204);
    expect(await twoFactorOn(user.email)).toBe(true);
    const again = await signIn(user.email, 'owner-new');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('sets a first password on an account without one, from a sign-in of the last 10 minutes', async () => {
    const user = await passwordlessUser(9);
    expect((await apiAs(server, user.cookie)('/api/me/password')).status).toBe(200);
    const response = await apiAs(server, user.cookie)('/api/me/password', {
      body: { newPassword: 'chosen1' },
    });
    expect(response.status).toBe(204);
    expect((await signIn(user.email, 'chosen1')).status).toBe(200);
  });

  it('asks an account without a password to sign in again when its sign-in is older than 10 minutes', async () => {
    const user = await passwordlessUser(11);
    const response = await apiAs(server, user.cookie)('/api/me/password', {
      body: { newPassword: 'late-one' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'sign_in_again',
      message: expect.stringMatching(/sign in again/),
    });
    expect((await signIn(user.email, 'late-one')).status).toBe(401);
    await mailSettled(server);
    await expect(mail.waitFor(user.email, /password was changed/, 100)).rejects.toThrow();
  });

  it.each([
    ['a new password too short', { currentPassword: 'x', newPassword: '12345' }, /at least 6 characters/],
    ['an empty new password', { currentPassword: 'x', newPassword: '' }, /at least 6 characters/],
    ['a missing new password', {}, /newPassword/],
    ['a current password too long', { currentPassword: 'x'.repeat(129), newPassword: 'fine-1' }, /128/],
  ])('refuses %s with a clear 400 and keeps the old password', async (_label, body, message) => {
    const user = await createUser(server, mail);
    const response = await user.api('/api/me/password', { body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await apiAs(server, '')('/api/me/password', { body: { newPassword: 'whatever' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/me/password', () => {
  it('says whether the account has a password, so the form asks for the current one only then', async () => {
    const withPassword = await createUser(server, mail);
    expect(await (await withPassword.api('/api/me/password')).json()).toEqual({ hasPassword: true });
    const without = await passwordlessUser(0);
    expect(await (await apiAs(server, without.cookie)('/api/me/password')).json()).toEqual({
      hasPassword: false,
    });
    expect((await apiAs(server, '')('/api/me/password')).status).toBe(401);
  });
});
