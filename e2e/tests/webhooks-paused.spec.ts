import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { Tarpit } from '@figgle/test-support/tarpit';
import { test as base, expect } from '../support/fixtures.ts';

/**
 * A webhook whose receiver accepts and never answers is paused by Figgle after a few timeouts in a
 * row; its owner is emailed, sees why on the settings page, and resumes it (docs/product.md#webhooks).
 * The server gives a receiver 0.5 s and pauses after 2 timeouts, so the journey waits seconds, not
 * minutes.
 */
const test = base.extend<{ baseURL: string }, { impatientFiggle: FiggleServer }>({
  impatientFiggle: [
    async ({ mail }, use) => {
      const server = await startFiggleServer({
        SMTP_URL: mail.url,
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_TIMEOUT_MS: '500',
        WEBHOOK_PAUSE_AFTER: '2',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ impatientFiggle }, use) => use(impatientFiggle.url),
});

test('a webhook to a receiver that never answers is paused, its owner told, and resumed', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tarpit = await new Tarpit().start();
  try {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tara',
      lastname: 'Pit',
      organization: 'Slow Receivers',
    });
    await page.goto(`/settings/organization/${user.organizationId}/webhooks`);
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill(tarpit.url());
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const webhook = page.getByRole('region', { name: `Webhook ${tarpit.url()}` });
    await expect(webhook.getByRole('switch', { name: 'Enabled' })).toBeChecked();

    // Two test events, each unanswered.
    for (let n = 0; n < 2; n += 1) {
      await webhook.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('A test event is on its way').last()).toBeVisible();
    }
    const email = await mail.waitFor(user.email, /A webhook of Slow Receivers was paused/, 30_000);
    expect(email.text).toContain(tarpit.url());

    await page.reload();
    const paused = webhook.getByRole('status').filter({ hasText: 'Paused by Figgle' });
    await expect(paused).toContainText('Paused after 2 deliveries in a row got no answer in time');
    await expect(webhook.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    await expect(webhook.getByRole('button', { name: 'Send test event' })).toBeDisabled();

    await webhook.getByRole('button', { name: 'Resume webhook' }).click();
    await expect(page.getByText('The webhook is back on.')).toBeVisible();
    await expect(paused).toHaveCount(0);
    await expect(webhook.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  } finally {
    await tarpit.stop();
  }
});
