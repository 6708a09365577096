import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { keptForOffline, reconnect, reloadOffline, storedChanges } from '../support/offline-copy.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { createLabel } from './planning-support.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

interface SavedTask {
  priority: string;
  due_on: string | null;
  labels: Array<{ name: string }>;
}

test.describe('planning changes made offline', () => {
  test('a priority, a due date and a label wait through a reload and reach the server when back online', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Otto',
      lastname: 'Offline',
      organization: 'Cellar',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Tunnel',
      trigram: 'TUN',
      task: 'Dig',
    });
    await createLabel(page, baseURL, user.organizationId, 'Underground', 'grape');

    await page.goto(`/task/${taskId}`);
    const details = page.getByRole('complementary', { name: 'Task details' });
    await expect(details.getByRole('combobox', { name: 'Priority' })).toHaveValue('None');
    // The labels are read once, so the picker has them offline.
    await details.getByRole('combobox', { name: 'Labels' }).click();
    await expect(page.getByRole('option', { name: 'Underground' })).toBeVisible();
    await page.keyboard.press('Escape');
    await keptForOffline(page, ['labels']);
    await keptForOffline(page, ['task', taskId], 2);

    await page.context().setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await details.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Low' }).click();
    await details.getByRole('button', { name: 'Due date' }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    await details.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Underground' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: '3 changes wait to be sent' })).toBeVisible();
    await expect.poll(() => storedChanges(page)).toBe(3);

    // Still offline after a reload: the changes are shown and still waiting.
    await reloadOffline(page);
    await expect(page.getByRole('status').filter({ hasText: '3 changes wait to be sent' })).toBeVisible();
    await expect(details.getByRole('combobox', { name: 'Priority' })).toHaveValue('Low');
    await expect(details.getByText('Underground', { exact: true })).toBeVisible();
    await expect(details.getByText('Due soon')).toBeVisible();
    const before = (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as SavedTask;
    expect(before).toMatchObject({ priority: 'NONE', due_on: null, labels: [] });

    // Back online: sent in order, all three kept.
    await reconnect(page);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/tasks/${taskId}`)).json()) as SavedTask).labels)
      .toEqual([expect.objectContaining({ name: 'Underground' })]);
    const after = (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as SavedTask;
    expect(after.priority).toBe('LOW');
    expect(after.due_on).not.toBeNull();
  });
});
