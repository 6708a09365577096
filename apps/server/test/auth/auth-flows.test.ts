// @database pglite

import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { cookieHeaderFrom, createUser, startMailCatcher, uniqueEmail } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  mailSettled,
  openLink,
  post,
  receivedNoMail,
  registerOnly,
  sessionOf,
} from './auth-helpers.ts';

let server: TestServer;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  // Behind a trusted proxy, so the per-IP tests can speak for several clients through X-Forwarded-For.
  server = await startTestServer({ SMTP_URL: mail.url, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server.close();
  await mail.stop();
});

describe('registration', () => {
  it('sends a verification email naming Figgle whose link lands on /auth?activation, then signs in', async () => {
    const email = uniqueEmail('register');
    const signUp = await registerOnly(server, email, 'secret-1');
    expect(signUp.status).toBe(200);
    // No session before the proof: only the mark of the browser that signed up, for the link.
    expect(signUp.cookie).toMatch(/^figgle\.sign_up_[0-9a-f]{16}=[\w-]+$/);

    const message = await mail.waitFor(email, /confirm/i);
    expect(message.subject).toContain('Figgle');
    expect(message.text).toContain('Figgle');
    expect(message.html).toContain('Figgle');
    const link = MailCatcher.linkIn(message, server.url);

    const beforeVerification = await post(server, '/api/auth/sign-in/email', { email, password: 'secret-1' });
    expect(beforeVerification.status).toBe(403);
    expect(beforeVerification.body).toMatchObject({ code: 'email_not_verified' });
    expect(String(beforeVerification.body.message)).toMatch(/not verified/);

    const verified = await openLink(link, signUp.cookie);
    expect(verified.status).toBe(302);
    expect(new URL(verified.headers.get('location') ?? '', server.url).pathname).toBe('/auth');
    expect(verified.headers.get('location')).toContain('activation');
    expect(verified.headers.get('location')).not.toContain('error');

    const signIn = await post(server, '/api/auth/sign-in/email', { email, password: 'secret-1' });
    expect(signIn.status).toBe(200);
    expect((await sessionOf(server, signIn.cookie))?.user.email).toBe(email);
    const profile = await server.deps.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', needs_onboarding: true });
  });

  it('sets the session cookie httpOnly and SameSite=Lax (Secure only under https)', async () => {
    const user = await createUser(server, mail);
    const signIn = await post(server, '/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    const cookies = signIn.response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('figgle.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it('marks the session cookie Secure when Figgle is served over https', async () => {
    const publicUrl = 'https://figgle.example';
    const secure = await startTestServer({ SMTP_URL: mail.url, PUBLIC_URL: publicUrl });
    try {
      const email = uniqueEmail('https');
      // Behind the https proxy; the test talks to the server directly on loopback.
      const local = `http://127.0.0.1:${secure.env.PORT}`;
      const asBrowser = { origin: publicUrl, 'content-type': 'application/json' };
      const signUp = await fetch(`${local}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: asBrowser,
        body: JSON.stringify({ email, password: 'secret-1', firstname: 'S', lastname: 'Ecure' }),
      });
      expect(signUp.status).toBe(200);
      const link = MailCatcher.linkIn(await mail.waitFor(email, /confirm/i), publicUrl);
      await openLink(link.replace(publicUrl, local), cookieHeaderFrom(signUp));
      const signIn = await fetch(`${local}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: asBrowser,
        body: JSON.stringify({ email, password: 'secret-1' }),
      });
      expect(signIn.status).toBe(200);
      const session = signIn.headers
        .getSetCookie()
        .find((cookie) => cookie.includes('figgle.session_token='));
      expect(session).toMatch(/^__Secure-figgle\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });

  it.each([
    [{ email: '', password: 'secret-1', firstname: 'A', lastname: 'B' }, 'The email is required.'],
    [
      { email: 'not-an-email', password: 'secret-1', firstname: 'A', lastname: 'B' },
      'Please enter a valid email address.',
    ],
    [
      { email: uniqueEmail(), password: '12345', firstname: 'A', lastname: 'B' },
      'The password needs at least 6 characters.',
    ],
    [{ email: uniqueEmail(), password: 'secret-1', firstname: ' ', lastname: 'B' }, 'Firstname is required.'],
    [
      { email: uniqueEmail(), password: 'secret-1', firstname: 'A', lastname: 'x'.repeat(101) },
      'Lastname is at most 100 characters.',
    ],
    [{ password: 'secret-1', firstname: 'A', lastname: 'B' }, 'The email is required.'],
  ])('refuses a bad registration %# with a clear message and creates nothing', async (body, message) => {
    const before = await countRows(server, 'auth_user');
    const answer = await post(server, '/api/auth/sign-up/email', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'validation_failed', message });
    expect(await countRows(server, 'auth_user')).toBe(before);
  });

  it('answers a registration of a taken address like any other, and tells the owner by email instead', async () => {
    const user = await createUser(server, mail);
    const before = await countRows(server, 'auth_user');
    const answer = await registerOnly(server, user.email, 'another-password');
    expect(answer.status).toBe(200);
    expect(await countRows(server, 'auth_user')).toBe(before);
    const notice = await mail.waitFor(user.email, /already have a Figgle account/);
    expect(MailCatcher.linkIn(notice, server.url)).toBe(`${server.url}/login`);
    const signIn = await post(server, '/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses an expired verification link and a forged one, sending the person back to /auth with the error', async () => {
    const email = uniqueEmail('expired');
    await registerOnly(server, email, 'secret-1');
    const link = MailCatcher.linkIn(await mail.waitFor(email, /confirm/i), server.url);
    // The link is a signed token valid 24 hours: one signed a day and a minute ago is the same as an old one.
    const { createEmailVerificationToken } = await import('better-auth/api');
    const url = new URL(link);
    const authUser = await sql<{ id: string }>`SELECT id FROM auth_user WHERE email = ${email}`.execute(
      server.deps.db,
    );
    const old = await createEmailVerificationToken(server.env.SECRET, email, undefined, -60, {
      userId: authUser.rows[0]?.id,
    });
    url.searchParams.set('token', old);
    const expired = await openLink(url.toString());
    expect(expired.status).toBe(302);
    expect(expired.headers.get('location')).toContain('error=TOKEN_EXPIRED');

    url.searchParams.set('token', 'forged.token.value');
    const forged = await openLink(url.toString());
    expect(forged.headers.get('location')).toContain('error=INVALID_TOKEN');
    const row = await sql<{
      email_verified: boolean;
    }>`SELECT "emailVerified" AS email_verified FROM auth_user WHERE email = ${email}`.execute(
      server.deps.db,
    );
    expect(row.rows[0]?.email_verified).toBe(false);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password, and after 5 of them makes that address wait: no 500, nothing changed', async () => {
    const user = await createUser(server, mail);
    const hashBefore = await sql<{
      password: string;
    }>`SELECT a.password FROM auth_account a JOIN auth_user u ON u.id = a."userId" WHERE u.email = ${user.email}`.execute(
      server.deps.db,
    );
    const sessionsBefore = await countRows(server, 'auth_session');
    const ip = '203.0.113.70';
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await post(
        server,
        '/api/auth/sign-in/email',
        { email: user.email, password: `wrong-${attempt}` },
        { ip },
      );
      statuses.push(answer.status);
      messages.add(String(answer.body.message));
      expect(answer.cookie).toBe('');
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    expect([...messages]).toEqual([
      'Invalid email or password',
      expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
    ]);
    // From that address, even the right password waits now.
    const right = await post(
      server,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { ip },
    );
    expect(right.status).toBe(429);
    expect(Number(right.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(right.response.headers.get('retry-after'))).toBeLessThanOrEqual(15);
    expect(await countRows(server, 'auth_session')).toBe(sessionsBefore);
    const hashAfter = await sql<{
      password: string;
    }>`SELECT a.password FROM auth_account a JOIN auth_user u ON u.id = a."userId" WHERE u.email = ${user.email}`.execute(
      server.deps.db,
    );
    expect(hashAfter.rows).toEqual(hashBefore.rows);
  });

  it("lets the owner in from their own address, whatever a stranger's address tried", async () => {
    const user = await createUser(server, mail);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await post(
        server,
        '/api/auth/sign-in/email',
        { email: user.email, password: `guess-${attempt}` },
        { ip: '203.0.113.71' },
      );
    }
    const owner = await post(
      server,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { ip: '198.51.100.71' },
    );
    expect(owner.status).toBe(200);
    expect((await sessionOf(server, owner.cookie))?.user.email).toBe(user.email);
  });

  it('says the same for an unknown address as for a wrong password', async () => {
    const answer = await post(server, '/api/auth/sign-in/email', {
      email: uniqueEmail('nobody'),
      password: 'whatever',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      statusCode: 401,
      code: 'invalid_email_or_password',
      message: 'Invalid email or password',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, 'The email is required.'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address.'],
    [{ email: 'a@example.test', password: '' }, 'The password is required.'],
    ['not json at all', 'The email is required.'],
  ])('refuses malformed sign-in input %# with 400', async (body, message) => {
    const answer = await post(server, '/api/auth/sign-in/email', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('limits attempts per IP too, across addresses', async () => {
    const ip = '203.0.113.50';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      statuses.push(
        (await post(server, '/api/auth/sign-in/magic-link', { email: uniqueEmail('ip') }, { ip })).status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
    const elsewhere = await post(
      server,
      '/api/auth/sign-in/magic-link',
      { email: uniqueEmail('ip') },
      { ip: '203.0.113.51' },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('refuses state-changing auth calls from another Origin', async () => {
    const user = await createUser(server, mail);
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('signs out: the old cookie no longer opens a session', async () => {
    const user = await createUser(server, mail);
    expect(await sessionOf(server, user.cookie)).not.toBeNull();
    const out = await post(server, '/api/auth/sign-out', {}, { cookie: user.cookie });
    expect(out.status).toBe(200);
    expect(await sessionOf(server, user.cookie)).toBeNull();
    expect((await user.api('/api/me')).status).toBe(401);
  });

  it('a revoked session (deleted on the server) is no session', async () => {
    const user = await createUser(server, mail);
    await sql`DELETE FROM auth_session WHERE "userId" = (SELECT id FROM auth_user WHERE email = ${user.email})`.execute(
      server.deps.db,
    );
    expect(await sessionOf(server, user.cookie)).toBeNull();
    expect((await user.api('/api/me')).status).toBe(401);
  });
});

describe('magic link', () => {
  it('signs a registered user in once, lands on /projects, and refuses the same link again', async () => {
    const user = await createUser(server, mail);
    const ask = await post(server, '/api/auth/sign-in/magic-link', {
      email: user.email,
      callbackURL: '/projects',
      errorCallbackURL: '/auth?magic=true',
    });
    expect(ask.body).toEqual({ status: true });
    const message = await mail.waitFor(user.email, /sign-in link/);
    expect(message.text).toContain('15 minutes');
    const link = MailCatcher.linkIn(message, server.url);

    const first = await openLink(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${server.url}/projects`);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await sessionOf(server, cookie))?.user.email).toBe(user.email);

    const again = await openLink(link);
    expect(again.headers.get('location')).toContain('/auth?magic=true');
    expect(again.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect(
      again.headers
        .getSetCookie()
        .some((c) => c.startsWith('figgle.session_token=') && !c.includes('Max-Age=0')),
    ).toBe(false);
  });

  it('refuses a link older than 15 minutes', async () => {
    const user = await createUser(server, mail);
    await post(server, '/api/auth/sign-in/magic-link', {
      email: user.email,
      callbackURL: '/projects',
      errorCallbackURL: '/auth?magic=true',
    });
    const link = MailCatcher.linkIn(await mail.waitFor(user.email, /sign-in link/), server.url);
    const pending = await sql<{
      expires_at: Date;
      created_at: Date;
    }>`SELECT "expiresAt" AS expires_at, "createdAt" AS created_at FROM auth_verification WHERE identifier LIKE 'magic-link:%' AND value LIKE ${`%${user.email}%`}`.execute(
      server.deps.db,
    );
    expect(pending.rows).toHaveLength(1);
    const lifetime = pending.rows[0]!.expires_at.getTime() - pending.rows[0]!.created_at.getTime();
    expect(Math.round(lifetime / 60_000)).toBe(15);
    await sql`UPDATE auth_verification SET "expiresAt" = now() - interval '1 second' WHERE identifier LIKE 'magic-link:%' AND value LIKE ${`%${user.email}%`}`.execute(
      server.deps.db,
    );
    const answer = await openLink(link);
    expect(answer.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect(
      answer.headers
        .getSetCookie()
        .some((c) => c.startsWith('figgle.session_token=') && !c.includes('Max-Age=0')),
    ).toBe(false);
  });

  it('answers the same for an unknown address, sends nothing and never creates an account', async () => {
    const stranger = uniqueEmail('stranger');
    const known = await createUser(server, mail);
    const before = await countRows(server, 'auth_user');
    const forStranger = await post(server, '/api/auth/sign-in/magic-link', {
      email: stranger,
      callbackURL: '/projects',
    });
    const forKnown = await post(server, '/api/auth/sign-in/magic-link', {
      email: known.email,
      callbackURL: '/projects',
    });
    expect(forStranger.status).toBe(forKnown.status);
    expect(forStranger.body).toEqual(forKnown.body);
    await mailSettled(server);
    expect(await receivedNoMail(mail, stranger)).toBe(true);
    expect(await countRows(server, 'auth_user')).toBe(before);
  });

  it.each([
    ['/api/auth/sign-in/magic-link', ''],
    ['/api/auth/sign-in/magic-link', 'not-an-email'],
    ['/api/auth/request-password-reset', ''],
    ['/api/auth/request-password-reset', 'not-an-email'],
    ['/api/auth/send-verification-email', ''],
    ['/api/auth/send-verification-email', 'a@b'],
  ])('%s refuses the malformed address %j with 400 and sends nothing', async (path, email) => {
    const answer = await post(server, path, { email });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.message).toMatch(/^(The email is required\.|Please enter a valid email address\.)$/);
  });
});

describe('password reset', () => {
  it('emails a link to a page that sets a new password; the new one signs in, the old one and the used link do not', async () => {
    const user = await createUser(server, mail);
    const ask = await post(server, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(ask.status).toBe(200);
    const message = await mail.waitFor(user.email, /reset/i);
    expect(message.text).toContain('Figgle');
    const link = await openLink(MailCatcher.linkIn(message, server.url));
    expect(link.status).toBe(302);
    const landing = new URL(link.headers.get('location') ?? '', server.url);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const tooShort = await post(server, '/api/auth/reset-password', { token, newPassword: '12345' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe('The password needs at least 6 characters.');

    const reset = await post(server, '/api/auth/reset-password', { token, newPassword: 'brand-new-1' });
    expect(reset.status).toBe(200);
    expect(await sessionOf(server, user.cookie)).toBeNull();

    expect(
      (await post(server, '/api/auth/sign-in/email', { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect(
      (await post(server, '/api/auth/sign-in/email', { email: user.email, password: 'brand-new-1' })).status,
    ).toBe(200);

    const reused = await post(server, '/api/auth/reset-password', { token, newPassword: 'another-one' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'invalid_token',
      message: 'This link is invalid, has expired or was already used.',
    });
  });

  it('refuses an expired reset link and changes nothing', async () => {
    const user = await createUser(server, mail);
    await post(server, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    const link = await openLink(MailCatcher.linkIn(await mail.waitFor(user.email, /reset/i), server.url));
    const token = new URL(link.headers.get('location') ?? '', server.url).searchParams.get('token');
    await sql`UPDATE auth_verification SET "expiresAt" = now() - interval '1 second' WHERE identifier = ${`reset-password:${token}`}`.execute(
      server.deps.db,
    );
    const answer = await post(server, '/api/auth/reset-password', { token, newPassword: 'brand-new-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_token');
    expect(
      (await post(server, '/api/auth/sign-in/email', { email: user.email, password: user.password })).status,
    ).toBe(200);
    const again = await openLink(MailCatcher.linkIn(await mail.waitFor(user.email, /reset/i), server.url));
    expect(again.headers.get('location')).toContain('error=INVALID_TOKEN');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await createUser(server, mail);
    const stranger = uniqueEmail('stranger');
    const forKnown = await post(server, '/api/auth/request-password-reset', {
      email: known.email,
      redirectTo: '/reset-password',
    });
    const forStranger = await post(server, '/api/auth/request-password-reset', {
      email: stranger,
      redirectTo: '/reset-password',
    });
    expect(forStranger.status).toBe(forKnown.status);
    expect(forStranger.body).toEqual(forKnown.body);
    await mailSettled(server);
    expect(await receivedNoMail(mail, stranger)).toBe(true);
  });
});

describe('resend confirmation', () => {
  it('sends a new confirmation to an unverified address, which leads to choosing a password, and answers the same for unknown or verified ones without sending', async () => {
    const pending = uniqueEmail('pending');
    await registerOnly(server, pending, 'secret-1');
    await mail.waitFor(pending, /confirm/i);
    const verified = await createUser(server, mail);
    const stranger = uniqueEmail('stranger');

    const answers = [];
    for (const email of [pending, verified.email, stranger]) {
      answers.push(
        await post(server, '/api/auth/send-verification-email', {
          email,
          callbackURL: '/auth?activation=true',
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    await mailSettled(server);
    expect(await receivedNoMail(mail, stranger)).toBe(true);

    // Anyone may ask for this link, so it is bound to no password (issue 37, item 1): opening it
    // proves the address, drops the password set before the proof, and leads to choosing one.
    const messages = await mail.waitFor(pending, /confirm/i);
    const verify = await openLink(MailCatcher.linkIn(messages, server.url));
    const location = verify.headers.get('location') ?? '';
    expect(location).toContain('/reset-password?token=');
    expect(location).toContain('confirmed=1');
    expect(
      (await post(server, '/api/auth/sign-in/email', { email: pending, password: 'secret-1' })).status,
    ).toBe(401);
    const token = new URL(location, server.url).searchParams.get('token');
    const chosen = await post(server, '/api/auth/reset-password', { token, newPassword: 'secret-2-chosen' });
    expect(chosen.status).toBe(200);
    expect(
      (await post(server, '/api/auth/sign-in/email', { email: pending, password: 'secret-2-chosen' })).status,
    ).toBe(200);
  });
});

describe('providers', () => {
  it('lists no Google and no OIDC when they are not configured', async () => {
    const response = await fetch(`${server.url}/api/auth-providers`);
    expect(await response.json()).toEqual({ google: false, oidc: null, dev_mailbox: false, ldap: false });
  });

  it('lists Google and the named OIDC provider when configured', async () => {
    const configured = await startTestServer({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/figgle',
      OIDC_CLIENT_ID: 'figgle',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Keycloak',
    });
    try {
      const response = await fetch(`${configured.url}/api/auth-providers`);
      // Without SMTP_URL emails wait at /dev/mailbox, which this test's machine may open.
      expect(await response.json()).toEqual({
        google: true,
        oidc: { id: 'oidc', name: 'Keycloak' },
        dev_mailbox: true,
        ldap: false,
      });
      const google = await post(configured, '/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/projects',
      });
      expect(google.status).toBe(200);
      expect(new URL(String(google.body.url)).hostname).toBe('accounts.google.com');
    } finally {
      await configured.close();
    }
  });
});
