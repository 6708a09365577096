import { MESSAGES } from '@figgle/shared/constants';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { type OidcProvider, startOidcProvider } from '@figgle/test-support/oidc-provider';
import { test as base, expect, uniqueEmail } from '../support/fixtures.ts';
import { answerTwoFactorChallenge, expectToast, turnOnTwoFactor } from './accounts-support.ts';

interface SingleSignOn {
  provider: OidcProvider;
  server: FiggleServer;
}

/** A Figgle server set up with a generic OpenID Connect provider (a real one, on loopback) and Google. */
const test = base.extend<{ baseURL: string }, { sso: SingleSignOn }>({
  sso: [
    async ({ mail }, use) => {
      const provider = await startOidcProvider();
      const server = await startFiggleServer({
        SMTP_URL: mail.url,
        OIDC_ISSUER_URL: provider.issuerUrl,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Company SSO',
        // Configured so its button shows; Google itself is never called (it is outside the machine).
        GOOGLE_CLIENT_ID: 'figgle-e2e.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'not-a-real-secret',
      });
      await use({ provider, server });
      await server.stop();
      await provider.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ sso }, use) => use(sso.server.url),
});

test('sign in with the OIDC provider: a new person goes through onboarding, a returning one lands on projects', async ({
  page,
  sso,
}) => {
  const email = uniqueEmail('sso');
  sso.provider.signInAs({ sub: `sub-${email}`, email, given_name: 'Katherine', family_name: 'Johnson' });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();

  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Katherine');
  await expect(page.getByRole('textbox', { name: 'Lastname' })).toHaveValue('Johnson');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('link', { name: 'Go to Figgle' }).click();
  await expect(page).toHaveURL(/\/projects-cards$/);

  await page.context().clearCookies();
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ email, firstname: 'Katherine', needs_onboarding: false, has_password: false });

  // The register page offers the same provider.
  await page.context().clearCookies();
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Connect with Company SSO' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect with Google' })).toBeVisible();
});

test('a refused provider sign-in comes back to login with the catalogue toast', async ({ page }) => {
  await page.goto('/api/auth/callback/oidc?error=access_denied&state=forged');
  await expect(page).toHaveURL(/\/login/);
  await expectToast(
    page,
    'Sorry, something went wrong. Please try again. If the problem persists, contact our support team.',
  );
});

test('a person with two-factor authentication on is asked for the code when the OIDC provider sends them back', async ({
  page,
  sso,
}) => {
  const email = uniqueEmail('sso-totp');
  sso.provider.signInAs({ sub: `sub-${email}`, email, given_name: 'Mae', family_name: 'Jemison' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('link', { name: 'Go to Figgle' }).click();
  await expect(page).toHaveURL(/\/projects-cards$/);

  // No password on this account: setting up asks for none.
  const setupKey = await turnOnTwoFactor(page);

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();
  await expect(page).toHaveURL(/\/login\?two-factor=1$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await answerTwoFactorChallenge(page, setupKey);
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);
});
