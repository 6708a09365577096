import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProvider, startOidcProvider } from '../../../e2e/support/oidc-provider.ts';
import { post, sessionOf } from './auth-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { apiAs, uniqueEmail } from './users.ts';

let provider: OidcProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startTestServer({
    OIDC_ISSUER_URL: provider.issuerUrl,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Company SSO',
  });
});
afterAll(async () => {
  await server.close();
  await provider.stop();
});

/** What the browser does: start at Figgle, follow the provider's redirect, come back to the callback. */
async function signInThroughProvider(): Promise<{ landing: string; cookie: string }> {
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
  return { landing: new URL(back.headers.get('location') ?? '', server.url).pathname, cookie };
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
    expect(await response.json()).toEqual({ google: false, oidc: { id: 'oidc', name: 'Company SSO' } });
  });
});
