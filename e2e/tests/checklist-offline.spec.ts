import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { keptForOffline, reconnect, reloadOffline, storedChanges } from '../support/offline-copy.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

interface SavedChecklist {
  items: Array<{ text: string; done: boolean }>;
}

test.describe('checklist changes made offline', () => {
  test('a tick, a new item and a removal wait through a reload and reach the server when back online', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Nora',
      lastname: 'Network',
      organization: 'Basement',
    });
    const { taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Picnic',
      trigram: 'PIC',
      task: 'Pack the basket',
    });
    for (const text of ['Bread', 'Cheese']) {
      const added = await page.request.post(`/api/tasks/${taskId}/checklist`, {
        headers: { origin: baseURL },
        data: { text },
      });
      expect(added.status()).toBe(201);
    }
    const checklistNow = async () =>
      ((await (await page.request.get(`/api/tasks/${taskId}/checklist`)).json()) as SavedChecklist).items;

    await page.goto(`/task/${taskId}`);
    // A fresh browser fetches the task page's code and reads in turn: slow on a busy machine.
    await expect(page.getByRole('checkbox', { name: 'Cheese' })).toBeVisible({ timeout: 30_000 });
    await keptForOffline(page, ['task', taskId, 'checklist']);

    await page.context().setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    // A click, then the box shows ticked: the list takes the change a moment after the click (its
    // query is updated after any read in flight is cancelled), which check()'s instant look misses.
    await page.getByRole('checkbox', { name: 'Bread' }).click();
    await expect(page.getByRole('checkbox', { name: 'Bread' })).toBeChecked();
    const add = page.getByRole('textbox', { name: 'Add an item' });
    await add.fill('Lemonade');
    await add.press('Enter');
    await page.getByRole('button', { name: 'Actions for Cheese' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(page.getByRole('status').filter({ hasText: '3 changes wait to be sent' })).toBeVisible();
    await expect.poll(() => storedChanges(page)).toBe(3);

    // Still offline after a reload: the changes are shown and still waiting; the server has none.
    await reloadOffline(page);
    await expect(page.getByRole('status').filter({ hasText: '3 changes wait to be sent' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('checkbox', { name: 'Bread' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Lemonade' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Cheese' })).toHaveCount(0);
    expect(await checklistNow()).toEqual([
      expect.objectContaining({ text: 'Bread', done: false }),
      expect.objectContaining({ text: 'Cheese', done: false }),
    ]);

    // Back online: sent in order, all three kept, and the page shows the server's items.
    await reconnect(page);
    await expect
      .poll(checklistNow)
      .toEqual([
        expect.objectContaining({ text: 'Bread', done: true }),
        expect.objectContaining({ text: 'Lemonade', done: false }),
      ]);
    await expect(page.getByRole('status').filter({ hasText: 'wait to be sent' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Lemonade' })).toBeEnabled();
  });
});
