import { MESSAGES } from '@figgle/shared/constants';
import { expect, test } from '../support/fixtures.ts';
import { registerAccount, signIn } from './organizations-support.ts';

test.describe('settings: Password', () => {
  test('changes the password with the current one; the new one signs in and the owner is told by email', async ({
    page,
    mail,
    baseURL,
  }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Cur',
      lastname: 'Rent',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/password');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current Password/).fill(account.password);
    await form.getByLabel(/^New Password/).fill('brand-new-secret');
    await form.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
    await expect(form.getByLabel(/^Current Password/)).toHaveValue('');
    await expect(form.getByLabel(/^New Password/)).toHaveValue('');
    await mail.waitFor(account.email, /password was changed/);

    const withNew = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: account.email, password: 'brand-new-secret' },
    });
    expect(withNew.status()).toBe(200);
  });

  test('a wrong current password shows the Error dialog and changes nothing', async ({
    page,
    mail,
    baseURL,
  }) => {
    const account = await registerAccount(page.request, mail, baseURL, { firstname: 'Wro', lastname: 'Ng' });
    await signIn(page, baseURL, account);
    await page.goto('/settings/password');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current Password/).fill('not-my-password');
    await form.getByLabel(/^New Password/).fill('taken-over-1');
    await form.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toContainText('The current password is not correct');
    await dialog.getByRole('button', { name: MESSAGES.confirmLabel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(MESSAGES.passwordUpdated)).toHaveCount(0);

    const withOld = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: account.email, password: account.password },
    });
    expect(withOld.status()).toBe(200);
    const withNew = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: account.email, password: 'taken-over-1' },
    });
    expect(withNew.status()).toBe(401);
  });
});
