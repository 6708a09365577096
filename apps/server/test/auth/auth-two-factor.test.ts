// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LINK_AND_PROVIDER_SIGN_INS } from '../../src/auth/auth.ts';
import {
  enrolTotp,
  mailSettled,
  openLink,
  post,
  sessionOf,
  signInWithPassword,
  type TotpEnrolment,
  totpFromUri,
  twoFactor,
} from './auth-helpers.ts';

let server: TestServer;
let mail: MailCatcher;
serverWithMail((started) => ({ server, mail } = started));

/** A code of the step after `code`'s, so a code is never reused within its 30 seconds. */
function nextCode(totpURI: string): string {
  return totpFromUri(totpURI, Date.now() + 30_000);
}

/** A verified, signed-in user with TOTP turned on. */
async function enrol(): Promise<TotpEnrolment & { user: TestUser }> {
  const user = await createUser(server, mail);
  return { user, ...(await enrolTotp(server, user)) };
}

async function twoFactorOf(userId: string): Promise<boolean> {
  const me = await server.deps.db
    .selectFrom('app_user')
    .select('auth_user_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{
    on: boolean;
  }>`SELECT "twoFactorEnabled" AS on FROM auth_user WHERE id = ${me.auth_user_id}`.execute(server.deps.db);
  return !!rows[0]?.on;
}

describe('TOTP enrolment', () => {
  it('gives an otpauth URI naming Figgle and ten backup codes, and turns on only after a right code', async () => {
    const user = await createUser(server, mail);
    const enable = await twoFactor<{ totpURI: string; backupCodes: string[] }>(
      server,
      'enable',
      { password: user.password },
      user.cookie,
    );
    expect(enable.status).toBe(200);
    expect(enable.body.totpURI).toMatch(/^otpauth:\/\/totp\/Figgle:/);
    expect(new URL(enable.body.totpURI).searchParams.get('issuer')).toBe('Figgle');
    expect(enable.body.backupCodes).toHaveLength(10);
    expect(await twoFactorOf(user.userId)).toBe(false);

    const wrong = await twoFactor(server, 'verify-totp', { code: '000000' }, user.cookie);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_code' });
    expect(await twoFactorOf(user.userId)).toBe(false);

    const right = await twoFactor(
      server,
      'verify-totp',
      { code: totpFromUri(enable.body.totpURI) },
      user.cookie,
    );
    expect(right.status).toBe(200);
    expect(await twoFactorOf(user.userId)).toBe(true);
    const me = (await (
      await fetch(`${server.url}/api/me`, { headers: { cookie: right.cookie } })
    ).json()) as {
      two_factor_enabled: boolean;
    };
    expect(me.two_factor_enabled).toBe(true);
  });

  it('refuses to start without the right password', async () => {
    const user = await createUser(server, mail);
    const answer = await twoFactor(server, 'enable', { password: 'not-mine' }, user.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The password is not correct.');
    expect(await twoFactorOf(user.userId)).toBe(false);
  });

  it.each([['abc'], ['12345'], ['']])('refuses a malformed code %j with 400', async (code) => {
    const user = await createUser(server, mail);
    const answer = await twoFactor(server, 'verify-totp', { code }, user.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
  });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the password, with no session until then', async () => {
    const { user, totpURI } = await enrol();
    const signIn = await signInWithPassword(server, user);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(signIn.cookie).not.toMatch(/figgle\.session_token=[^;]/);
    expect(signIn.cookie).toContain('figgle.two_factor=');

    const wrong = await twoFactor(server, 'verify-totp', { code: '000000' }, signIn.cookie);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('This code is not valid. Check your authenticator app and try again.');
    expect(wrong.cookie).not.toMatch(/figgle\.session_token=[^;]/);

    const right = await twoFactor(server, 'verify-totp', { code: nextCode(totpURI) }, signIn.cookie);
    expect(right.status).toBe(200);
    expect((await sessionOf(server, right.cookie))?.user.email).toBe(user.email);
  });

  it('ends the challenge after five wrong codes', async () => {
    const { user } = await enrol();
    const signIn = await signInWithPassword(server, user);
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await twoFactor(server, 'verify-totp', { code: '000000' }, signIn.cookie);
      statuses.push(answer.status);
      last = answer.body;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBeLessThan(500);
    expect(String(last.message)).toMatch(/Too many attempts|log in again/);
  });

  it('takes a backup code once', async () => {
    const { user, backupCodes } = await enrol();
    const first = await signInWithPassword(server, user);
    const ok = await twoFactor(server, 'verify-backup-code', { code: backupCodes[0] }, first.cookie);
    expect(ok.status).toBe(200);
    expect((await sessionOf(server, ok.cookie))?.user.email).toBe(user.email);
    // The new session's token stays in its httpOnly cookie, out of the body (issue 37, item 7).
    expect(ok.body).not.toHaveProperty('token');

    const second = await signInWithPassword(server, user);
    const reused = await twoFactor(server, 'verify-backup-code', { code: backupCodes[0] }, second.cookie);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('This backup code is not valid.');
  });

  it('asks for the code after a magic link too', async () => {
    const { user, totpURI } = await enrol();
    await post(server, '/api/auth/sign-in/magic-link', { email: user.email, callbackURL: '/projects' });
    const link = MailCatcher.linkIn(await mail.waitFor(user.email, /sign-in link/), server.url);
    const landed = await openLink(link);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(`${server.url}/login?two-factor=1`);
    const cookies = landed.headers.getSetCookie();
    const liveSession = cookies.filter((c) => c.startsWith('figgle.session_token=') && !/Max-Age=0/i.test(c));
    expect(liveSession).toEqual([]);
    const challenge = cookies
      .filter((c) => c.startsWith('figgle.two_factor='))
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(challenge).not.toBe('');

    const right = await twoFactor(server, 'verify-totp', { code: nextCode(totpURI) }, challenge);
    expect(right.status).toBe(200);
    expect((await sessionOf(server, right.cookie))?.user.email).toBe(user.email);
  });

  it('names in its hook only sign-ins better-auth really has (the paths it gives ctx.path)', () => {
    const paths = new Set(Object.values(server.deps.auth.api).map((endpoint) => endpoint.path));
    for (const path of LINK_AND_PROVIDER_SIGN_INS) expect(paths, path).toContain(path);
  });
});

describe('turning the second factor off', () => {
  it('needs a current code besides the password: without it or with a wrong one, it stays on', async () => {
    const { user, cookie } = await enrol();
    const passwordOnly = await twoFactor(server, 'disable', { password: user.password }, cookie);
    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.body).toMatchObject({ code: 'validation_failed', message: 'The code is required.' });
    const wrongCode = await twoFactor(server, 'disable', { password: user.password, code: '000000' }, cookie);
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.message).toBe(
      'This code is not valid. Check your authenticator app and try again.',
    );
    expect(await twoFactorOf(user.userId)).toBe(true);
    await mailSettled(server);
    await expect(mail.waitFor(user.email, /turned off/, 200)).rejects.toThrow();
  });

  it('needs the password too when the account has one', async () => {
    const { user, totpURI, cookie } = await enrol();
    const answer = await twoFactor(
      server,
      'disable',
      { code: nextCode(totpURI), password: 'not-mine' },
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The password is not correct.');
    expect(await twoFactorOf(user.userId)).toBe(true);
  });

  it('turns off with the password and a code, tells the owner by email, and sign-in no longer asks', async () => {
    const { user, totpURI, cookie } = await enrol();
    const off = await twoFactor(
      server,
      'disable',
      { password: user.password, code: nextCode(totpURI) },
      cookie,
    );
    expect(off.status).toBe(200);
    expect(await twoFactorOf(user.userId)).toBe(false);
    const notice = await mail.waitFor(user.email, /Two-factor authentication was turned off/);
    expect(notice.text).toContain(`${server.url}/settings/security`);
    const signIn = await signInWithPassword(server, user);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect(signIn.cookie).toContain('figgle.session_token=');
  });

  it('stops trying codes for an account after 5 wrong ones, even the right code', async () => {
    const { user, totpURI, cookie } = await enrol();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await twoFactor(
        server,
        'disable',
        { password: user.password, code: String(100000 + attempt) },
        cookie,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const right = await twoFactor(
      server,
      'disable',
      { password: user.password, code: nextCode(totpURI) },
      cookie,
    );
    expect(right.status).toBe(429);
    expect(await twoFactorOf(user.userId)).toBe(true);
  });

  it('counts wrong codes checked with the session (verify-totp) in the same budget: no oracle for the code', async () => {
    const { user, totpURI, cookie } = await enrol();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await twoFactor(server, 'verify-totp', { code: String(200000 + attempt) }, cookie);
      expect(guess.status).toBe(401);
    }
    const sixth = await twoFactor(server, 'verify-totp', { code: nextCode(totpURI) }, cookie);
    expect(sixth.status).toBe(429);
    const off = await twoFactor(
      server,
      'disable',
      { password: user.password, code: nextCode(totpURI) },
      cookie,
    );
    expect(off.status).toBe(429);
    expect(await twoFactorOf(user.userId)).toBe(true);
  });

  it('answers 401 without a session, and 400 when TOTP was never turned on', async () => {
    const anonymous = await twoFactor(server, 'disable', { code: '123456' });
    expect(anonymous.status).toBe(401);
    const user = await createUser(server, mail);
    const never = await twoFactor(server, 'disable', { code: '123456' }, user.cookie);
    expect(never.status).toBe(400);
    expect(never.body.message).toBe('Two-factor authentication is not set up.');
  });
});
