import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

test.describe('API tokens', () => {
  test('create a token in settings, script the API with it, revoke it: 401 after', async ({
    page,
    context,
    mail,
    baseURL,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sam',
      lastname: 'Scripter',
      organization: 'Script Works',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Automation',
      trigram: 'AUT',
      task: 'Nightly export',
    });

    // Reached from the settings' navigation.
    await page.goto('/settings/profile');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'API tokens' })
      .click();
    await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
    await expect(page.getByText('No API tokens yet.')).toBeVisible();

    // Create a read-write token: shown once, with a copy button.
    const form = page.getByRole('form', { name: 'New API token' });
    await form.getByRole('textbox', { name: 'Token name' }).fill('Nightly report');
    await form.getByRole('radio', { name: 'Read and write' }).check();
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('status', { name: 'Your new token “Nightly report”' });
    await expect(shown.getByText('You will not see it again.')).toBeVisible();
    const token = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^figgle_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy the token' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);

    // The list shows it by name, scope and visible start, never used yet; the token itself is gone.
    const table = page.getByRole('table', { name: 'API tokens' });
    const row = table.getByRole('row', { name: /Nightly report/ });
    await expect(row).toContainText('Read and write');
    await expect(row).toContainText(`${token.slice(0, 'figgle_'.length + 10)}…`);
    await expect(row).toContainText('Never');
    await expect(page.getByText(token)).toHaveCount(0);

    // A script (no cookie, no browser) reads and changes the task with the token.
    const authorization = { authorization: `Bearer ${token}` };
    const read = await request.get(`/api/tasks/${taskId}`, { headers: authorization });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Nightly export');
    const renamed = await request.patch(`/api/tasks/${taskId}`, {
      headers: authorization,
      data: { title: 'Nightly export, scripted' },
    });
    expect(renamed.status()).toBe(200);
    await page.goto(`/task/${taskId}`);
    await expect(page.getByRole('textbox', { name: /title/i })).toHaveValue('Nightly export, scripted');

    // Its last use shows in the list.
    await page.goto('/settings/api-tokens');
    await expect(row).not.toContainText('Never');
    await expect(row).toContainText(/ago/);

    // Revoke, through the confirmation: the next request with it is a 401.
    await row.getByRole('button', { name: 'Revoke the token Nightly report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the token “Nightly report”?' });
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The token “Nightly report” has been revoked.')).toBeVisible();
    await expect(page.getByText('No API tokens yet.')).toBeVisible();
    const refused = await request.get(`/api/tasks/${taskId}`, { headers: authorization });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('invalid_token');
  });

  test('a read-only token may look but not change', async ({ page, mail, baseURL, request }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rita',
      lastname: 'Reader',
      organization: 'Read Works',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Reports',
      trigram: 'REP',
      task: 'Weekly numbers',
    });
    await page.goto('/settings/api-tokens');
    const form = page.getByRole('form', { name: 'New API token' });
    await form.getByRole('textbox', { name: 'Token name' }).fill('Dashboard');
    await expect(form.getByRole('radio', { name: 'Read only' })).toBeChecked();
    await form.getByRole('button', { name: 'Create token' }).click();
    const token = await page
      .getByRole('status', { name: 'Your new token “Dashboard”' })
      .getByRole('textbox', { name: 'Token' })
      .inputValue();
    const authorization = { authorization: `Bearer ${token}` };
    expect((await request.get(`/api/tasks/${taskId}`, { headers: authorization })).status()).toBe(200);
    const refused = await request.patch(`/api/tasks/${taskId}`, {
      headers: authorization,
      data: { title: 'Changed' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/may only read/);
    const task = (await (await request.get(`/api/tasks/${taskId}`, { headers: authorization })).json()) as {
      title: string;
    };
    expect(task.title).toBe('Weekly numbers');
  });

  test('the API documentation at /api/docs shows the operations, within the page policy', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const answer = await page.goto('/api/docs');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer?.headers()['content-security-policy']).not.toContain('unsafe-eval');

    // The description is built on its first request: slow on a busy machine.
    await expect(page.getByRole('heading', { name: /Figgle API/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
    const operation = page.locator('.opblock').filter({ hasText: '/api/projects/{projectId}/tasks' }).first();
    await expect(operation).toBeVisible();
    await expect(
      page.locator('.opblock-summary-path', { hasText: '/api/me/api-tokens' }).first(),
    ).toBeVisible();
    // Opening an operation shows its answers.
    await page
      .locator('.opblock-summary-path', { hasText: /^\/api\/projects$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
