import { MESSAGES } from '@figgle/shared/constants';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import {
  LDAP_MEMBERS_GROUP,
  LDAP_PEOPLE,
  LDAP_PEOPLE_SEED,
  type LdapServer,
  startLdapServer,
} from '@figgle/test-support/ldap-server';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';
import { answerTwoFactorChallenge, expectToast, turnOnTwoFactor } from './accounts-support.ts';

interface Directory {
  ldap: LdapServer;
  server: FiggleServer;
}

/** A Figgle server signing in through a real OpenLDAP (slapd on loopback), its members group mapped. */
const test = base.extend<{ baseURL: string }, { directory: Directory }>({
  directory: [
    async ({ mail }, use) => {
      const ldap = await startLdapServer();
      const server = await startFiggleServer({
        SMTP_URL: mail.url,
        ...ldap.env,
        LDAP_GROUP_MAP: JSON.stringify([
          { group: LDAP_MEMBERS_GROUP, organization: 'Directory Co', role: 'member' },
        ]),
      });
      await use({ ldap, server });
      await server.stop();
      await ldap.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ directory }, use) => use(directory.server.url),
});

async function logInWithDirectory(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByText('Directory', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Log in with your directory' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Password' }).fill(password);
  await form.getByRole('button', { name: 'Connect' }).click();
}

async function expectRefusal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText(MESSAGES.errorDialogText('Invalid username or password'));
  const text = await dialog.textContent();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
  return text;
}

test('first directory sign-in creates the account in the mapped organization, as a member', async ({
  page,
}) => {
  const alice = LDAP_PEOPLE_SEED.alice;
  await logInWithDirectory(page, 'alice', alice.password);
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);

  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({
    email: alice.email,
    firstname: 'Alice',
    lastname: 'Martin',
    needs_onboarding: false,
  });
  const organizations = await (await page.request.get('/api/organizations')).json();
  expect(organizations).toEqual([
    expect.objectContaining({ name: 'Directory Co', rules: [expect.objectContaining({ role: 'MEMBER' })] }),
  ]);
});

test('a wrong password gets the same error as an unknown user', async ({ page }) => {
  await logInWithDirectory(page, 'bob', 'not-bobs-password');
  const wrongPassword = await expectRefusal(page);
  await logInWithDirectory(page, 'nobody-in-the-directory', 'whatever-1');
  const unknownUser = await expectRefusal(page);
  expect(wrongPassword).toBe(unknownUser);
  expect(await (await page.request.get('/api/me')).status()).toBe(401);
});

test('a disabled directory account is refused', async ({ page }) => {
  await logInWithDirectory(page, 'carol', LDAP_PEOPLE_SEED.carol.password);
  await expectRefusal(page);
  expect(await (await page.request.get('/api/me')).status()).toBe(401);
});

test('a directory account with two-factor authentication is asked for its code after the directory password', async ({
  page,
  directory,
}) => {
  await directory.ldap.modify(
    [
      `dn: uid=erin,${LDAP_PEOPLE}`,
      'changetype: add',
      'objectClass: inetOrgPerson',
      'uid: erin',
      'cn: Erin Blanc',
      'givenName: Erin',
      'sn: Blanc',
      'mail: erin@example.org',
      'userPassword: erin-pass-1',
      '',
      `dn: ${LDAP_MEMBERS_GROUP}`,
      'changetype: modify',
      'add: member',
      `member: uid=erin,${LDAP_PEOPLE}`,
      '',
    ].join('\n'),
  );
  await logInWithDirectory(page, 'erin', 'erin-pass-1');
  await expect(page).toHaveURL(/\/projects$/);
  // No Figgle password on a directory account: setting up asks for none.
  const setupKey = await turnOnTwoFactor(page);

  await page.context().clearCookies();
  await logInWithDirectory(page, 'erin', 'erin-pass-1');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await answerTwoFactorChallenge(page, setupKey);
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);
});

for (const layout of LAYOUTS) {
  test.describe(layout.name, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport });

    test('the login page offers the directory beside the email, without overflow', async ({
      page,
    }, testInfo) => {
      await page.goto('/login');
      await page.getByText('Directory', { exact: true }).click();
      await expect(page.getByRole('form', { name: 'Log in with your directory' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.screenshot({ path: testInfo.outputPath('login-directory.png') });
      await page.getByText('Email', { exact: true }).click();
      await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    });
  });
}
