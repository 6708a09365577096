import { MESSAGES } from '@figgle/shared/constants';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test } from '../support/fixtures.ts';
import { expectToast, logInWithForm } from './accounts-support.ts';

test('a magic link logs in once and lands on projects; opened again it says it has expired', async ({
  page,
  mail,
  baseURL,
}) => {
  const person = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Mona',
    lastname: 'Magic',
    organization: 'Links',
  });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Log in with a magic link?' }).click();
  const form = page.getByRole('form', { name: 'Magic link' });
  await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await form.getByRole('button', { name: 'Send link in my inbox' }).click();
  await expectToast(page, MESSAGES.emailSent(person.email));
  await expect(page).toHaveURL(/\/auth\?magic=true/);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.magic })).toBeVisible();

  const link = MailCatcher.linkIn(await mail.waitFor(person.email, /sign-in link/), baseURL);
  await page.goto(link);
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?magic=true.*error=/);
  await expect(page.getByRole('region', { name: 'This sign-in link has expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Send a new magic link' }).click();
  await expect(page).toHaveURL(/\/magic-login$/);
});

test('reset the password through the emailed link, then log in with the new one', async ({
  page,
  mail,
  baseURL,
}) => {
  const person = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Rita',
    lastname: 'Reset',
    organization: 'Forgetful',
  });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await form.getByRole('button', { name: 'Reset' }).click();
  await expectToast(page, MESSAGES.passwordResetEmailSent);
  await expect(page).toHaveURL(/\/auth\?password=true/);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.password })).toBeVisible();

  const link = MailCatcher.linkIn(await mail.waitFor(person.email, /reset/i), baseURL);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = page.getByRole('form', { name: 'New password' });
  await newPassword.getByRole('textbox', { name: 'New Password' }).fill('fresh-start-7');
  await newPassword.getByRole('button', { name: 'Change' }).click();
  await expectToast(page, MESSAGES.passwordUpdated);
  await expect(page).toHaveURL(/\/login$/);

  await logInWithForm(page, { email: person.email, password: person.password });
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Invalid email or password');
  await page.getByRole('button', { name: 'Ok' }).click();
  await logInWithForm(page, { email: person.email, password: 'fresh-start-7' });
  await expect(page).toHaveURL(/\/projects$/);

  // The link worked once: it now leads back to the reset form with an explanation.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?error=/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link can no longer be used' }),
  ).toBeVisible();
});
