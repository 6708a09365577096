import type { CaughtMail, MailCatcher } from '@figgle/test-support/mail-catcher';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { twoMembersOfOneOrganization } from '../support/two-members.ts';

/** The link of an email's List-Unsubscribe header (the same as the one in its text). */
const unsubscribeLinkOf = (email: CaughtMail) => email.headers['list-unsubscribe']!.replace(/^<|>$/g, '');
const notificationEmailsTo = (mail: MailCatcher, address: string) =>
  mail.to(address).filter((m) => m.headers['list-unsubscribe'] !== undefined);

async function assignInTaskPage(page: Page, taskId: string, person: string) {
  await page.goto(`/task/${taskId}`);
  await page.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: person }).click();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(person);
}

test.describe('notification emails', () => {
  // Two accounts, an invitation, a project: slow on a busy machine.
  test.setTimeout(180_000);

  test('B mentions A in a comment: A gets one email within 10 s whose link opens the task; its unsubscribe link turns A’s emails off without signing in', async ({
    page: pageA,
    browser,
    mail,
    baseURL,
  }) => {
    const { pageB, ada, taskId } = await twoMembersOfOneOrganization(
      { pageA, browser, mail, baseURL },
      { benLastname: 'Sender', task: 'Pick the colours' },
    );
    // B mentions A with the @ list of the comment composer.
    await pageB.goto(`/task/${taskId}`);
    const composer = pageB.getByRole('textbox', { name: 'Write a comment' });
    await composer.click();
    await pageB.keyboard.type('What do you think, @ad');
    await pageB
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: 'Ada Author' })
      .click();
    await expect(composer.locator('.ql-mention')).toHaveText('@Ada Author');
    await pageB.keyboard.type('?');
    await pageB.getByRole('button', { name: 'Send' }).click();

    const email = await mail.waitFor(
      ada.email,
      /^Ben Sender mentioned you in WEB-1: Pick the colours$/,
      10_000,
    );
    expect(email.text).toMatch(
      /Ben Sender mentioned you in a comment: “What do you think, @Ada Author\s*\?”/,
    );
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const taskLink = `${baseURL}/task/${taskId}`;
    expect(email.text).toContain(taskLink);
    await pageA.goto(taskLink);
    await expect(pageA.getByRole('textbox', { name: 'Title' })).toHaveValue('Pick the colours', {
      timeout: 30_000,
    });
    await pageA.waitForTimeout(1_500);
    expect(notificationEmailsTo(mail, ada.email)).toHaveLength(1);

    // A stranger's browser: no session at all.
    const anonymous = await browser.newContext({ baseURL });
    const page = await anonymous.newPage();
    await page.goto(unsubscribeLinkOf(email));
    await expect(page.getByRole('heading', { name: 'Unsubscribe from Figgle emails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(`${ada.email} will get no more notification emails`)).toBeVisible();
    await anonymous.close();

    // A's settings say so, and B assigning the task to A in the task page sends nothing.
    await pageA.goto('/settings/notifications');
    await expect(pageA.getByRole('radio', { name: 'Nothing' })).toBeChecked();
    await assignInTaskPage(pageB, taskId, 'Ada Author');
    await pageA.waitForTimeout(3_000);
    expect(notificationEmailsTo(mail, ada.email)).toHaveLength(1);

    // Issue 45: once A chooses German, her link speaks German, even in an English browser.
    const chosen = await pageA.request.patch('/api/me', {
      headers: { origin: baseURL },
      data: { locale: 'de' },
    });
    expect(chosen.status()).toBe(200);
    const english = await browser.newContext({ baseURL, locale: 'en-US' });
    const german = await english.newPage();
    await german.goto(unsubscribeLinkOf(email));
    await expect(german.getByRole('heading', { name: 'Figgle-E-Mails abbestellen?' })).toBeVisible();
    await expect(german.getByRole('button', { name: 'Abbestellen' })).toBeVisible();
    await expect(german.getByRole('link', { name: 'Einstellungen → Benachrichtigungen' })).toBeVisible();
    await expect(german.locator('body')).not.toContainText(/Unsubscribe|notification emails|Settings/);
    await english.close();
  });

  test('the settings page changes the email level, the daily digest and the time zone', async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    const { pageB } = await twoMembersOfOneOrganization(
      { pageA: page, browser, mail, baseURL },
      { benLastname: 'Settler', task: 'Anything' },
    );
    await pageB.goto('/settings/profile');
    await pageB
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await expect(pageB).toHaveURL(/\/settings\/notifications$/);
    await expect(pageB.getByRole('radio', { name: 'Mentions and assignments' })).toBeChecked({
      timeout: 30_000,
    });
    await expect(pageB.getByRole('switch', { name: 'Daily digest' })).not.toBeChecked();
    const detected = await pageB.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(pageB.getByRole('combobox', { name: 'Time zone' })).toHaveValue(detected);
    await expect(pageB.getByText(`Detected by your browser: ${detected}.`)).toBeVisible();

    await pageB.getByRole('radio', { name: 'Everything I watch' }).check();
    await pageB.getByRole('switch', { name: 'Daily digest' }).check();
    await pageB.getByRole('combobox', { name: 'Time zone' }).click();
    await pageB.getByRole('combobox', { name: 'Time zone' }).fill('tokyo');
    await pageB.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await expect(pageB.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');

    await pageB.reload();
    await expect(pageB.getByRole('radio', { name: 'Everything I watch' })).toBeChecked();
    await expect(pageB.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
    await expect(pageB.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    const saved = await pageB.request.get('/api/me/notification-preferences');
    expect(await saved.json()).toEqual({
      email_level: 'watching',
      daily_digest: true,
      time_zone: 'Asia/Tokyo',
      design_changes: true,
    });
  });
});
