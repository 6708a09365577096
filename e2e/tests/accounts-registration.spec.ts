import { MESSAGES } from '@figgle/shared/constants';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { expectToast } from './accounts-support.ts';

test('register, verify through the email, log in, go through onboarding and land on the projects cards', async ({
  page,
  mail,
  baseURL,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/login');
  await expect(page.getByRole('img', { name: 'Figgle' }).first()).toBeVisible();
  // No Google or OIDC settings on this server: no provider button.
  await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);

  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Firstname' }).fill('Margaret');
  await form.getByRole('textbox', { name: 'Lastname' }).fill('Hamilton');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  // Too short: the browser refuses the form and nothing is sent.
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('apollo-11');
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/auth\?creation=true/);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.creation })).toContainText(email);

  const message = await mail.waitFor(email, /confirm/i);
  expect(message.subject).toContain('Figgle');
  await page.goto(MailCatcher.linkIn(message, baseURL));
  await expect(page).toHaveURL(/\/auth\?activation=true/);
  await expect(page.getByRole('region', { name: MESSAGES.authCards.activation })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('apollo-11');
  await login.getByRole('button', { name: 'Connect' }).click();
  await expectToast(page, MESSAGES.welcomeAfterLogin);

  // A new account has onboarding ahead: the guard opens step 1, with the registration names.
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  await expect(page.getByRole('heading', { name: 'Hi! Who are you?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Margaret');
  await page.getByRole('textbox', { name: 'Lastname' }).fill('H. Hamilton');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/onboarding\/step-2$/);
  const organization = page.getByRole('textbox', { name: 'Name of your organization' });
  await expect(organization).toHaveValue('My Organization');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/onboarding\/step-3$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Figgle!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Figgle' }).click();
  await expect(page).toHaveURL(/\/projects-cards$/);

  // The names and the organization are on the server; the onboarding flag is cleared there too.
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ firstname: 'Margaret', lastname: 'H. Hamilton', needs_onboarding: false });
  const organizations = (await (await page.request.get('/api/organizations')).json()) as Array<{
    name: string;
  }>;
  expect(organizations.map((o) => o.name)).toEqual(['My Organization']);

  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/projects-cards$/);
});
