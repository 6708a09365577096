// @database pglite
import { randomBytes } from 'node:crypto';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { type OidcIdentity, type OidcProvider, startOidcProvider } from '@figgle/test-support/oidc-provider';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, startMailCatcher, uniqueEmail } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, enrolTotpOf, mailSettled, post, sessionOf, totpFromUri } from './auth-helpers.ts';

let provider: OidcProvider;
let server: TestServer;
let mail: MailCatcher;
beforeAll(async () => {
  provider = await startOidcProvider();
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    OIDC_ISSUER_URL: provider.issuerUrl,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Company SSO',
  });
});
afterAll(async () => {
  await server.close();
  await provider.stop();
  await mail.stop();
});

/** What the browser does: start at Figgle, follow the provider's redirect, come back to the callback. */
async function signInThroughProvider(): Promise<{ landing: string; cookie: string; location: string }> {
  const start = await post<{ url: string; redirect: boolean }>(server, '/api/auth/sign-in/social', {
    provider: 'oidc',
    callbackURL: '/projects',
    newUserCallbackURL: '/onboarding/step-1',
    errorCallbackURL: '/login',
  });
  expect(start.status).toBe(200);
  const authorize = new URL(start.body.url);
  expect(authorize.origin).toBe(provider.issuerUrl);
  expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const callback = atProvider.headers.get('location') ?? '';
  expect(callback.startsWith(`${server.url}/api/auth/callback/oidc`)).toBe(true);
  const back = await fetch(callback, { redirect: 'manual', headers: { cookie: start.cookie } });
  expect(back.status).toBe(302);
  const cookie = back.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c?.endsWith('='))
    .join('; ');
  const location = back.headers.get('location') ?? '';
  return { landing: new URL(location, server.url).pathname, cookie, location };
}

function identity(label: string, overrides: Partial<OidcIdentity> = {}): OidcIdentity {
  const email = uniqueEmail(label);
  return { sub: `sub-${email}`, email, given_name: 'Mary', family_name: 'Jackson', ...overrides };
}

/** Signs a new person in through the provider and turns TOTP on for them (no password to give). */
async function providerUserWithTotp(): Promise<{ person: OidcIdentity; totpURI: string; cookie: string }> {
  const person = identity('sso-totp');
  provider.signInAs(person);
  const { cookie } = await signInThroughProvider();
  const { totpURI, cookie: renewed } = await enrolTotpOf(server, cookie);
  return { person, totpURI, cookie: renewed };
}

/** A real ID token the provider signed for the current person, as a page using its SDK would hold. */
async function idTokenFromProvider(nonce: string): Promise<string> {
  const redirectUri = `${server.url}/api/auth/callback/oidc`;
  const authorize = new URL(`${provider.issuerUrl}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: 'test',
    nonce,
  }).toString();
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(atProvider.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const token = await fetch(`${provider.issuerUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  });
  const { id_token: idToken } = (await token.json()) as { id_token: string };
  expect(idToken.split('.')).toHaveLength(3);
  return idToken;
}

async function twoFactorOn(cookie: string): Promise<boolean> {
  const me = (await (await apiAs(server, cookie)('/api/me')).json()) as { two_factor_enabled: boolean };
  return me.two_factor_enabled;
}

async function providerAccountsOf(email: string): Promise<number> {
  return countRows(
    server,
    'auth_account',
    sql`"providerId" = 'oidc' AND "userId" IN (SELECT id FROM auth_user WHERE email = ${email})`,
  );
}

describe('generic OIDC sign-in', () => {
  it('creates the account and its profile from the provider, and sends a new user to onboarding', async () => {
    const email = uniqueEmail('sso');
    provider.signInAs({ sub: `sub-${email}`, email, given_name: 'Katherine', family_name: 'Johnson' });
    const { landing, cookie } = await signInThroughProvider();
    expect(landing).toBe('/onboarding/step-1');
    expect((await sessionOf(server, cookie))?.user.email).toBe(email);
    const me = await (await apiAs(server, cookie)('/api/me')).json();
    expect(me).toMatchObject({
      email,
      firstname: 'Katherine',
      lastname: 'Johnson',
      needs_onboarding: true,
      has_password: false,
    });
  });

  it('signs a returning user in and lands on projects', async () => {
    const email = uniqueEmail('sso-again');
    provider.signInAs({ sub: `sub-${email}`, email, given_name: 'Dorothy', family_name: 'Vaughan' });
    await signInThroughProvider();
    const again = await signInThroughProvider();
    expect(again.landing).toBe('/projects');
    expect((await sessionOf(server, again.cookie))?.user.email).toBe(email);
  });

  it('refuses a callback that did not start at Figgle (no state cookie)', async () => {
    const start = await post<{ url: string }>(server, '/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/projects',
      errorCallbackURL: '/login',
    });
    const atProvider = await fetch(start.body.url, { redirect: 'manual' });
    const back = await fetch(atProvider.headers.get('location') ?? '', { redirect: 'manual' });
    expect(back.status).toBeLessThan(500);
    expect(back.headers.getSetCookie().some((c) => /^figgle\.session_token=[^;]/.test(c))).toBe(false);
  });

  it('names the provider for the login button', async () => {
    const response = await fetch(`${server.url}/api/auth-providers`);
    expect(await response.json()).toEqual({
      google: false,
      oidc: { id: 'oidc', name: 'Company SSO' },
      dev_mailbox: false,
      ldap: false,
    });
  });
});

describe('the second factor on a provider sign-in', () => {
  it('asks a person with TOTP on for the code when the provider sends them back, with no session until then', async () => {
    const { person, totpURI } = await providerUserWithTotp();
    provider.signInAs(person);
    const back = await signInThroughProvider();
    expect(back.location).toBe(`${server.url}/login?two-factor=1`);
    expect(back.cookie).not.toMatch(/figgle\.session_token=[^;]/);
    expect(back.cookie).toContain('figgle.two_factor=');
    expect(await sessionOf(server, back.cookie)).toBeNull();

    const right = await post(
      server,
      '/api/auth/two-factor/verify-totp',
      { code: totpFromUri(totpURI, Date.now() + 30_000) },
      { cookie: back.cookie },
    );
    expect(right.status).toBe(200);
    expect((await sessionOf(server, right.cookie))?.user.email).toBe(person.email);
  });

  it('refuses a sign-in with an ID token, even one the provider really signed: 400, no session', async () => {
    const { person } = await providerUserWithTotp();
    provider.signInAs(person);
    const nonce = randomBytes(12).toString('hex');
    const idToken = await idTokenFromProvider(nonce);
    const sessionsBefore = await countRows(server, 'auth_session');
    const answer = await post(server, '/api/auth/sign-in/social', {
      provider: 'oidc',
      idToken: { token: idToken, nonce },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      message: 'Signing in with an ID token is not offered: use the sign-in button.',
    });
    expect(answer.cookie).not.toMatch(/figgle\.session_token=[^;]/);
    expect(await countRows(server, 'auth_session')).toBe(sessionsBefore);
  });

  it('turns TOTP off for an account without a password only with a current code, and tells the owner', async () => {
    const { person, totpURI, cookie } = await providerUserWithTotp();
    const nothing = await post(server, '/api/auth/two-factor/disable', {}, { cookie });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('The code is required.');
    const wrong = await post(server, '/api/auth/two-factor/disable', { code: '000000' }, { cookie });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_code');
    expect(await twoFactorOn(cookie)).toBe(true);

    const right = await post(
      server,
      '/api/auth/two-factor/disable',
      { code: totpFromUri(totpURI, Date.now() + 30_000) },
      { cookie },
    );
    expect(right.status).toBe(200);
    expect(await twoFactorOn(right.cookie)).toBe(false);
    await mailSettled(server);
    const notice = await mail.waitFor(person.email, /Two-factor authentication was turned off/);
    expect(notice.text).toContain('/settings/security');
  });
});

describe('linking a provider sign-in to an existing account', () => {
  it('does not link when the provider says the email is not verified: no session, no provider account', async () => {
    const owner = await createUser(server, mail);
    provider.signInAs(identity('unverified', { email: owner.email, email_verified: false }));
    const back = await signInThroughProvider();
    expect(back.landing).toBe('/login');
    expect(new URL(back.location, server.url).searchParams.get('error')).toBe('account_not_linked');
    expect(back.cookie).not.toMatch(/figgle\.session_token=[^;]/);
    expect(await providerAccountsOf(owner.email)).toBe(0);
  });

  it('links when the provider says the email is verified, and signs the owner in', async () => {
    const owner = await createUser(server, mail);
    provider.signInAs(identity('verified', { email: owner.email, email_verified: true }));
    const back = await signInThroughProvider();
    expect(back.landing).toBe('/projects');
    expect((await sessionOf(server, back.cookie))?.user.email).toBe(owner.email);
    expect(await providerAccountsOf(owner.email)).toBe(1);
  });
});
