import { startFiggleServer } from '@figgle/test-support/figgle-server';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';

test('without an email server, a newcomer is led from "Almost there" to the dev mailbox and confirms there', async ({
  browser,
}) => {
  // A server as `npm start` leaves it on a laptop: no SMTP_URL, so its emails wait at /dev/mailbox.
  const server = await startFiggleServer({ SMTP_URL: '' });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await newcomerJourney(page);
  } finally {
    await context.close();
    await server.stop();
  }
});

async function newcomerJourney(page: Page) {
  const email = uniqueEmail('newcomer');
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Firstname' }).fill('Nora');
  await form.getByRole('textbox', { name: 'Lastname' }).fill('Newcomer');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('first-steps');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?creation=true/);

  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'dev mailbox' }).click();
  const mailbox = await opened;
  await expect(mailbox.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  const message = mailbox.getByRole('article').filter({ hasText: `To ${email}` });
  await expect(message.getByRole('heading', { name: 'Confirm your Figgle account' })).toBeVisible();
  await message.getByRole('link', { name: /verify-email/ }).click();
  await expect(mailbox.getByText('Your email is verified')).toBeVisible();
}
