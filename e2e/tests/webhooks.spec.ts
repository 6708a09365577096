import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { signatureIsValid, WebhookReceiver } from '@figgle/test-support/webhook-receiver';
import { dragToColumnEnd } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { openFromSettingsNavigation } from '../support/settings-navigation.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

test.describe('outgoing webhooks in the organization settings', () => {
  let receiver: WebhookReceiver;

  test.beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  test.afterEach(async () => {
    await receiver.stop();
  });

  test('an owner adds a webhook, a move on the board arrives signed, the log shows it, and a test event', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Wendy',
      lastname: 'Hook',
      organization: 'Hook Works',
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Shop',
      trigram: 'SHP',
      task: 'Wire the checkout',
    });

    // Reached from the settings' navigation.
    await openFromSettingsNavigation(page, 'Webhooks of Hook Works');
    await expect(page.getByRole('heading', { name: 'Webhooks of Hook Works' })).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    // Only "Task moved".
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill(receiver.url());
    for (const event of [
      'Task created',
      'Task updated',
      'Task deleted',
      'Comment created',
      'Figma event received',
    ])
      await form.getByRole('checkbox', { name: event }).uncheck();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByLabel('Signing secret', { exact: true }).textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByLabel('Signing secret', { exact: true })).toHaveCount(0);
    const webhook = page.getByRole('region', { name: `Webhook ${receiver.url()}` });
    await expect(webhook.getByText('Task moved')).toBeVisible();
    await expect(webhook.getByRole('switch', { name: 'Enabled' })).toBeChecked();

    // A move on the board.
    await page.goto(`/project/${projectId}/kanban`);
    const card = page.getByRole('article', { name: /Wire the checkout$/ });
    await expect(card).toBeVisible();
    await dragToColumnEnd(page, card, page.getByRole('region', { name: 'Doing' }));
    await expect(page.getByRole('region', { name: 'Doing' }).getByRole('article')).toHaveCount(1);

    await expect.poll(() => receiver.of('task.moved').length, { timeout: 15_000 }).toBe(1);
    const moved = receiver.of('task.moved')[0]!;
    expect(signatureIsValid(moved, secret)).toBe(true);
    expect(moved.json.data).toMatchObject({
      task: { task_id: taskId, status: 'DOING' },
      previous_status: 'TODO',
    });
    expect(receiver.received.map((request) => request.json.event)).toEqual(['task.moved']);

    // The log shows it without a reload.
    await page.goto(`/settings/organization/${user.organizationId}/webhooks`);
    const log = page.getByRole('table', { name: `Delivery log of ${receiver.url()}` });
    const movedRow = log.getByRole('row').filter({ hasText: 'task.moved' });
    await expect(movedRow).toContainText('200');
    await expect(movedRow).toContainText('Delivered');

    // "Send test event": a signed ping arrives, and the open log refreshes by itself.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('A test event is on its way')).toBeVisible();
    await expect.poll(() => receiver.of('ping').length, { timeout: 15_000 }).toBe(1);
    expect(signatureIsValid(receiver.of('ping')[0]!, secret)).toBe(true);
    await expect(log.getByRole('row').filter({ hasText: 'ping' })).toContainText('Delivered', {
      timeout: 10_000,
    });

    // Turned off, then deleted through its confirmation.
    await webhook.getByRole('switch', { name: 'Enabled' }).click();
    await expect(webhook.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    await expect(webhook.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await webhook.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('The webhook has been deleted.')).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  });

  test('a URL Figgle will not send to is refused in words, and nothing is added', async ({
    page,
    mail,
    baseURL,
  }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Paul',
      lastname: 'Private',
      organization: 'Hook Checks',
    });
    await openFromSettingsNavigation(page, 'Webhooks of Hook Checks');
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByRole('textbox', { name: 'URL' }).fill('ftp://files.example.com/in');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('The URL must start with http:// or https://.')).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  });
});
