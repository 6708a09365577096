import { MESSAGES } from '@figgle/shared/constants';
import { startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { expectToast } from './accounts-support.ts';

/**
 * Figgle opened at 127.0.0.1 while PUBLIC_URL names localhost, as after `npm start` on a machine
 * reached by another of its names: registering, confirming, signing in, writing and signing out all
 * work. The server runs in development, as `npm start` does, so better-auth's own Origin check is on
 * (it is off under NODE_ENV=test).
 */

test.describe.configure({ timeout: 180_000 });

// This file's own server is the one to browse (the worker's usual one is not started).
test.use({
  baseURL: async ({ mail }, use) => {
    const server = await startFiggleServer((port) => ({
      NODE_ENV: 'development',
      TEST: '',
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: mail.url,
    }));
    await use(server.url);
    await server.stop();
  },
});

test('register at 127.0.0.1 while PUBLIC_URL says localhost, confirm by email there, choose the password, log in and log out', async ({
  page,
  mail,
  baseURL,
}) => {
  const address = baseURL;
  /** A page of this address (the path may be followed by a query). */
  const at = (pathname: string) =>
    new RegExp(`^${`${address}${pathname}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([?&#]|$)`);
  const publicUrl = address.replace('127.0.0.1', 'localhost');
  expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const email = uniqueEmail('any-address');

  await page.goto(`${address}/register`);
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Firstname' }).fill('Katherine');
  await form.getByRole('textbox', { name: 'Lastname' }).fill('Johnson');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('trajectory-62');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(at('/auth?creation=true'));
  await expect(page.getByRole('region', { name: MESSAGES.authCards.creation })).toContainText(email);

  // The emailed link names PUBLIC_URL, as it must for people on other machines. Opened there, it
  // cannot tell this browser signed up (its sign-up mark belongs to 127.0.0.1): it confirms the
  // address and asks for the password again (issue 37, item 1).
  const message = await mail.waitFor(email, /confirm/i);
  await page.goto(MailCatcher.linkIn(message, publicUrl));
  await expect(
    page.getByRole('heading', { name: 'Your email is verified: choose your password' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('trajectory-63');
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Back on the address this person opened Figgle at.
  await page.goto(`${address}/login`);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('trajectory-63');
  await login.getByRole('button', { name: 'Connect' }).click();
  await expectToast(page, MESSAGES.welcomeAfterLogin);

  // Writes are accepted from this address: onboarding saves the names and makes the organization.
  await expect(page).toHaveURL(at('/onboarding/step-1'));
  await page.getByRole('textbox', { name: 'Lastname' }).fill('Coleman Johnson');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(at('/onboarding/step-2'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(at('/onboarding/step-3'));
  await page.getByRole('link', { name: 'Go to Figgle' }).click();
  await expect(page).toHaveURL(at('/projects-cards'));
  const me = await (await page.request.get(`${address}/api/me`)).json();
  expect(me).toMatchObject({ lastname: 'Coleman Johnson', needs_onboarding: false });

  await page.goto(`${address}/settings`);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Log out' }).click();
  await expectToast(page, MESSAGES.bye);
  await expect(page).toHaveURL(at('/login'));
  expect((await page.request.get(`${address}/api/me`)).status()).toBe(401);
});
