import { expect, test } from '../support/fixtures.ts';
import { readOfflineCopy } from '../support/offline-copy.ts';
import {
  addMemberByInvitation,
  registerAccount,
  signedInOwner,
  signIn,
  uniqueName,
} from './organizations-support.ts';

test.describe('settings', () => {
  test('My Profile: initials avatar, names saved', async ({ page, mail, baseURL }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Lovelace',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole('img', { name: 'Ada Lovelace' })).toHaveText('AL');
    await page.getByRole('textbox', { name: 'Firstname' }).fill('Augusta');
    await page.getByRole('textbox', { name: 'Lastname' }).fill('King');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile successfully updated!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Augusta');
    await expect(page.getByRole('img', { name: 'Augusta King' })).toHaveText('AK');
  });

  test('My Profile: an empty name is not sent and nothing changes', async ({ page, mail, baseURL }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Grace',
      lastname: 'Hopper',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/profile');
    const firstname = page.getByRole('textbox', { name: 'Firstname' });
    await expect(firstname).toHaveValue('Grace');
    await firstname.fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await firstname.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
    await expect(page.getByText('Profile successfully updated!')).toHaveCount(0);
    const me = (await (await page.request.get('/api/me')).json()) as { firstname: string };
    expect(me.firstname).toBe('Grace');
  });

  test('Create an organization: it is created, listed in the side nav, and opened as its owner', async ({
    page,
    mail,
    baseURL,
  }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Carl',
      lastname: 'Creator',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/profile');
    await page.getByRole('link', { name: 'Create an organization' }).click();
    const name = uniqueName('Workshop');
    await page.getByRole('textbox', { name: 'Name of the new Organization' }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Organization has been created.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Organization ${name}` })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: `Organization ${name}` }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row', { name: new RegExp(account.email) })).toContainText('Owner');
  });

  test('Organization: the owner renames it; a member sees the name as text and no actions', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const member = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Mia',
      lastname: 'Member',
    });
    const { owner, organizationId } = await signedInOwner(page, mail, baseURL, 'Before');
    await addMemberByInvitation(page, mail, baseURL, organizationId, member);

    await page.goto(`/settings/organization/${organizationId}`);
    const renamed = uniqueName('After');
    await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Organization has been successfully updated!')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Organization ${renamed}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Organization ${renamed}` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

    const memberContext = await browser.newContext({ baseURL });
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, baseURL, member);
    await memberPage.goto(`/settings/organization/${organizationId}`);
    await expect(memberPage.getByRole('heading', { name: `Organization ${renamed}` })).toBeVisible();
    await expect(memberPage.getByText('Member', { exact: true }).first()).toBeVisible();
    await expect(memberPage.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await expect(memberPage.getByText(renamed, { exact: true })).toBeVisible();
    for (const column of ['Firstname', 'Lastname', 'Email', 'Role']) {
      await expect(memberPage.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(memberPage.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: 'Invite a new member' })).toHaveCount(0);
    await expect(memberPage.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Owner');
    await memberContext.close();
  });

  test('Preferences: Dark Mode applies at once and is saved with the account', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Dora',
      lastname: 'Dark',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/preferences');
    const html = page.locator('html');
    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).not.toBeChecked();
    await darkMode.click();
    await expect(darkMode).toBeChecked();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/me')).json()) as { color_scheme: string }).color_scheme,
      )
      .toBe('dark');

    // Another device (a fresh browser, nothing stored locally) gets the saved choice on sign-in.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, baseURL, account);
    await otherPage.goto('/settings/profile');
    await expect(otherPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await other.close();

    await darkMode.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/me')).json()) as { color_scheme: string }).color_scheme,
      )
      .toBe('light');
  });

  test('Password: too short is refused by the form; a valid one is saved and signs in', async ({
    page,
    mail,
    baseURL,
  }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Pat',
      lastname: 'Word',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/password');
    await page.getByLabel(/^Current Password/).fill(account.password);
    const field = page.getByLabel(/^New Password/);
    await field.fill('12345');
    await page.getByRole('button', { name: 'Change' }).click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true);
    await expect(page.getByText('Password has been successfully updated!')).toHaveCount(0);

    await field.fill('a-new-secret');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Password has been successfully updated!')).toBeVisible();
    await expect(field).toHaveValue('');
    const signInWithNew = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: account.email, password: 'a-new-secret' },
    });
    expect(signInWithNew.status()).toBe(200);
  });

  test('Log out: signs out, says goodbye and opens login', async ({ page, mail, baseURL }) => {
    const account = await registerAccount(page.request, mail, baseURL, {
      firstname: 'Leo',
      lastname: 'Leaving',
    });
    await signIn(page, baseURL, account);
    await page.goto('/settings/profile');
    await expect(page.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Leo');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Bye! Bye!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    // The offline copy of the cache keeps nothing of the account (the persister saves within a second).
    await page.waitForTimeout(1500);
    const offlineCopy = JSON.stringify(await readOfflineCopy(page));
    expect(offlineCopy).not.toContain(account.email);
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});
