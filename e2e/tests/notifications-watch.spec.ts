import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { live } from '../support/two-members.ts';

const inboxLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Inbox/ });

test.describe('watching a task', () => {
  test('B watches a task with the toggle, is told of its changes, and stops', async ({
    page: pageA,
    baseURL,
    twoMembers,
  }) => {
    // Two people signed up through the real flows, and live updates: slow on a loaded machine.
    test.slow();
    const { pageB, taskId } = await twoMembers({ benLastname: 'Watcher', task: 'Footer links' });
    await pageB.goto(`/task/${taskId}`);
    await live(pageB);
    const panel = pageB.getByRole('complementary', { name: 'Task details' });
    const toggle = panel.getByRole('button', { name: 'Watch' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // Ada wrote the task: she watches it.
    await expect(panel.getByRole('list', { name: 'Watchers' })).toHaveText('Ada Author');

    await toggle.click();
    const watching = panel.getByRole('button', { name: 'Watching' });
    await expect(watching).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('list', { name: 'Watchers' })).toHaveText('Ada Author, Ben Watcher');
    await pageB.emulateMedia({ colorScheme: 'dark' });
    await panel.screenshot({ path: test.info().outputPath('watching-dark.png') });
    await pageB.emulateMedia({ colorScheme: 'light' });

    // Ada renames it: Ben, watching, is told (live count in his sidebar).
    const renamed = await pageA.request.patch(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL },
      data: { title: 'Footer links and legal' },
    });
    expect(renamed.status()).toBe(200);
    await expect(inboxLink(pageB)).toHaveAccessibleName(/^Inbox\s*, 1 unread/);

    // Stopping: the next change tells him nothing.
    await watching.click();
    await expect(panel.getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByRole('list', { name: 'Watchers' })).toHaveText('Ada Author');
    const again = await pageA.request.patch(`/api/tasks/${taskId}`, {
      headers: { origin: baseURL },
      data: { priority: 'HIGH' },
    });
    expect(again.status()).toBe(200);
    await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    await expect(inboxLink(pageB)).toHaveAccessibleName(/^Inbox\s*, 1 unread/);
  });
});
