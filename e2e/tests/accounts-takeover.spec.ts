import { MESSAGES } from '@figgle/shared/constants';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { expectToast, logInWithForm } from './accounts-support.ts';

/** Issue 37, item 1: registering someone's address first gives no way into their account. */
async function registerWithForm(page: Page, email: string, password: string, names: [string, string]) {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Firstname' }).fill(names[0]);
  await form.getByRole('textbox', { name: 'Lastname' }).fill(names[1]);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?creation=true/);
}

test('an attacker registers the address first; its owner registers, confirms and signs in; the attacker is refused', async ({
  page,
  browser,
  mail,
  baseURL,
}) => {
  const email = uniqueEmail('victim');
  const attacker = await browser.newContext({ baseURL });
  const attackerPage = await attacker.newPage();
  await registerWithForm(attackerPage, email, 'attacker-pw', ['Mallory', 'Attacker']);
  await mail.waitFor(email, /Confirm your Figgle account/);

  // The owner registers as anyone would, and sees what anyone sees.
  await registerWithForm(page, email, 'owner-pw-1', ['Victoria', 'Owner']);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.creation })).toContainText(email);
  await expect.poll(() => mail.to(email, /Confirm your Figgle account/).length).toBe(2);
  const ownLink = MailCatcher.linkIn(mail.to(email, /Confirm your Figgle account/).at(-1)!, baseURL);
  await page.goto(ownLink);
  await expect(page).toHaveURL(/\/auth\?activation=true/);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.activation })).toBeVisible();

  await logInWithForm(page, { email, password: 'owner-pw-1' });
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Victoria');

  // The attacker's password no longer opens anything, and no session means no API token either.
  await logInWithForm(attackerPage, { email, password: 'attacker-pw' });
  await expect(attackerPage.getByRole('dialog')).toContainText('Invalid email or password');
  const token = await attackerPage.request.post('/api/me/api-tokens', {
    headers: { origin: baseURL },
    data: { name: 'stolen', scope: 'read-write' },
  });
  expect(token.status()).toBe(401);
  await attacker.close();
});

test('an attacker registers the address; its owner, who never registered, clicks the emailed confirmation and chooses the password', async ({
  page,
  browser,
  mail,
  baseURL,
}) => {
  const email = uniqueEmail('victim');
  const attacker = await browser.newContext({ baseURL });
  const attackerPage = await attacker.newPage();
  await registerWithForm(attackerPage, email, 'attacker-pw', ['Mallory', 'Attacker']);

  // The confirmation reaches the owner's inbox; the owner opens it in their own browser.
  const link = MailCatcher.linkIn(await mail.waitFor(email, /Confirm your Figgle account/), baseURL);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Your email is verified: choose your password' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('owner-chosen-1');
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInWithForm(page, { email, password: 'owner-chosen-1' });
  await expectToast(page, MESSAGES.welcomeAfterLogin);

  // The attacker's password opens nothing.
  await logInWithForm(attackerPage, { email, password: 'attacker-pw' });
  await expect(attackerPage.getByRole('dialog')).toContainText('Invalid email or password');
  await attacker.close();
});
