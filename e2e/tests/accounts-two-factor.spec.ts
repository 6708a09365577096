import { MESSAGES } from '@figgle/shared/constants';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test } from '../support/fixtures.ts';
import { expectToast, logInWithForm, totpCode, turnOnTwoFactor } from './accounts-support.ts';

test('turn on two-factor authentication in the settings, then logging in asks for the code', async ({
  page,
  mail,
  baseURL,
}) => {
  const person = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Tess',
    lastname: 'Totp',
    organization: 'Second Factor',
  });
  await page.goto('/settings/profile');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  const start = page.getByRole('form', { name: 'Set up two-factor authentication' });
  await start.getByRole('textbox', { name: 'Current password' }).fill(person.password);
  await start.getByRole('button', { name: 'Set up two-factor authentication' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  const setupKey = await page.getByRole('textbox', { name: 'Setup key' }).inputValue();
  expect(setupKey).toMatch(/^[A-Z2-7]+=*$/);

  const activate = page.getByRole('form', { name: 'Activate two-factor authentication' });
  await activate.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(activate).toContainText('This code is not valid');
  await activate.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expectToast(page, 'Two-factor authentication is on.');
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logInWithForm(page, person);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const challenge = page.getByRole('form', { name: 'Two-factor authentication' });
  await challenge.getByRole('textbox', { name: 'Authentication code' }).fill('123456');
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(challenge.getByRole('alert')).toHaveText(
    'This code is not valid. Check your authenticator app and try again.',
  );
  await challenge.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, MESSAGES.welcomeAfterLogin);
  await expect(page).toHaveURL(/\/projects$/);

  // A magic link is not a way around the second factor.
  await page.context().clearCookies();
  const ask = await page.request.post('/api/auth/sign-in/magic-link', {
    headers: { origin: baseURL },
    data: { email: person.email, callbackURL: '/projects' },
  });
  expect(ask.ok()).toBe(true);
  await page.goto(MailCatcher.linkIn(await mail.waitFor(person.email, /sign-in link/), baseURL));
  await expect(page).toHaveURL(/\/login\?two-factor=1$/);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('turning two-factor authentication off asks for a code from the app, and the owner gets an email', async ({
  page,
  mail,
  baseURL,
}) => {
  const person = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Otto',
    lastname: 'Off',
    organization: 'Factor Off',
  });
  const setupKey = await turnOnTwoFactor(page, person.password);
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  const turnOff = page.getByRole('form', { name: 'Turn off two-factor authentication' });
  await turnOff.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
  await turnOff.getByRole('textbox', { name: 'Current password' }).fill(person.password);
  await turnOff.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(turnOff).toContainText('This code is not valid. Check your authenticator app and try again.');
  await page.reload();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await turnOff.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
  await turnOff.getByRole('textbox', { name: 'Current password' }).fill(person.password);
  await turnOff.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expectToast(page, 'Two-factor authentication is off.');
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  const notice = await mail.waitFor(person.email, /Two-factor authentication was turned off/);
  expect(notice.text).toContain('/settings/security');

  // Logging in no longer asks for a code.
  await page.context().clearCookies();
  await logInWithForm(page, person);
  await expect(page).toHaveURL(/\/projects$/);
});
