import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { keptForOffline, storedChanges } from '../support/offline-copy.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

interface TimelineItem {
  kind: 'log' | 'comment';
  type?: string;
  metadata?: Record<string, { old?: unknown; new?: unknown } | undefined>;
  content_json?: { ops: Array<{ insert?: unknown }> };
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });
const waiting = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const sorry = (page: Page) => page.getByText('Sorry, something went wrong');

/** What the server's log says happened to the task, in order: 'status', 'comment …', … */
async function serverTrace(server: APIRequestContext, taskId: string): Promise<string[]> {
  const answer = await server.get(`/api/tasks/${taskId}/timeline`);
  expect(answer.status()).toBe(200);
  const { items } = (await answer.json()) as { items: TimelineItem[] };
  return items.map((item) => {
    if (item.kind === 'comment')
      return `comment ${(item.content_json?.ops ?? [])
        .map((op) => String(op.insert ?? ''))
        .join('')
        .trim()}`;
    if (item.type === 'CREATION') return 'created';
    const changed = Object.keys(item.metadata ?? {}).filter(
      (field) => item.metadata?.[field]?.new !== undefined,
    );
    return changed.length > 0 ? changed.sort().join('+') : (item.type ?? 'log').toLowerCase();
  });
}

async function checklistOf(
  server: APIRequestContext,
  taskId: string,
): Promise<Array<{ text: string; done: boolean }>> {
  const answer = await server.get(`/api/tasks/${taskId}/checklist`);
  return ((await answer.json()) as { items: Array<{ text: string; done: boolean }> }).items;
}

/**
 * The device loses the network the way a person's does: the page is told it is offline, and a page
 * opened meanwhile (a reload, a typed address) starts without network. Chromium's emulation then has
 * navigator.onLine say true, as a laptop on a dead Wi-Fi does: the app has to find out by itself.
 */
async function openWithoutNetwork(page: Page, path: string): Promise<void> {
  const loaded = page.waitForEvent('load');
  await page.evaluate((address) => window.location.assign(address), path);
  await loaded;
}

const runs = [
  { name: 'light', colorScheme: 'light' as const, viewport: { width: 1280, height: 800 } },
  { name: 'dark', colorScheme: 'dark' as const, viewport: { width: 1280, height: 800 } },
  { name: '390 px', colorScheme: 'light' as const, viewport: { width: 390, height: 844 } },
];

for (const run of runs) {
  test.describe(`nothing made offline is lost (${run.name})`, () => {
    test.use({ colorScheme: run.colorScheme, viewport: run.viewport });

    test('status, assignee, title, checklist and a comment wait through a page load, every view shows them, and each reaches the server once, in order', async ({
      page,
      mail,
      baseURL,
      playwright,
    }, testInfo) => {
      // Three page loads and a server of its own on a shared two-core machine.
      test.setTimeout(300_000);
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Nora',
        lastname: 'Network',
        organization: 'Basement',
      });
      const { projectId, taskId, reference } = await createProjectWithTask(
        page,
        baseURL,
        user.organizationId,
        {
          project: 'Chores',
          trigram: 'CHE',
          task: 'Water plants',
        },
      );
      const added = await page.request.post(`/api/tasks/${taskId}/checklist`, {
        headers: { origin: baseURL },
        data: { text: 'Fern' },
      });
      expect(added.status()).toBe(201);

      // The list first, then the task: both are on the device before the network goes.
      await page.goto(`/project/${projectId}/list`);
      await expect(page.getByRole('combobox', { name: 'Status of Water plants' })).toHaveText('To Do', {
        timeout: 30_000,
      });
      await page.getByRole('link', { name: 'Water plants' }).first().click();
      const details = page.getByRole('complementary', { name: 'Task details' });
      await expect(page.getByRole('checkbox', { name: 'Fern' })).toBeVisible({ timeout: 30_000 });
      await keptForOffline(page, ['task', taskId], 2);
      await keptForOffline(page, ['tasks', projectId]);

      // The server, as another device sees it (the page's own requests go offline with it).
      const server = await playwright.request.newContext({
        baseURL,
        storageState: await page.context().storageState(),
      });
      await page.context().setOffline(true);
      await expect(banner(page)).toBeVisible();

      // Item 1: a status change, then other kinds of changes, the comment last.
      await details.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Doing' }).click();
      await expect(waiting(page, '1 change waits to be sent')).toBeVisible();
      await details.getByRole('combobox', { name: 'Assignee' }).click();
      await page.getByRole('option', { name: 'Nora Network' }).click();
      await expect(waiting(page, '2 changes wait to be sent')).toBeVisible();
      const title = page.getByRole('textbox', { name: 'Title' });
      await title.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' and herbs');
      await page.keyboard.press('Enter');
      await expect(waiting(page, '3 changes wait to be sent')).toBeVisible();
      // The box shows the tick once the change is made (a moment after the click).
      await page.getByRole('checkbox', { name: 'Fern' }).click();
      await expect(page.getByRole('checkbox', { name: 'Fern' })).toBeChecked();
      await expect(waiting(page, '4 changes wait to be sent')).toBeVisible();
      await page.getByRole('textbox', { name: 'Write a comment' }).click();
      await page.keyboard.type('Done before the train left');
      await page.keyboard.press('Control+Enter');
      const pending = page.getByRole('list', { name: 'Comments waiting to be sent' });
      await expect(pending.getByText('Done before the train left')).toBeVisible();
      await expect(waiting(page, '5 changes wait to be sent')).toBeVisible();
      await expect.poll(() => storedChanges(page)).toBe(5);

      // Item 3: the list, opened from the task without a reload, shows what the task page changed.
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: /Chores/ })
        .click();
      const status = page.getByRole('combobox', { name: 'Status of Water plants and herbs' });
      await expect(status).toHaveText('Doing');
      await expect(page.getByRole('combobox', { name: 'Assignee of Water plants and herbs' })).toContainText(
        'Nora Network',
      );

      // Item 2: a page load without network (a typed address) opens the app from the device, with
      // every change still waiting, and says nothing went wrong.
      await openWithoutNetwork(page, `/project/${projectId}/list`);
      await expect(status).toHaveText('Doing', { timeout: 30_000 });
      await expect(banner(page)).toBeVisible();
      await expect(waiting(page, '5 changes wait to be sent')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('offline-list-after-load.png') });
      await page.getByRole('link', { name: 'Water plants and herbs' }).first().click();
      await expect(title).toHaveValue('Water plants and herbs');
      await expect(details.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
      await expect(details.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Nora Network');
      await expect(page.getByRole('checkbox', { name: 'Fern' })).toBeChecked();
      await expect(pending.getByText('Done before the train left')).toBeVisible();
      await expect(sorry(page)).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('offline-task-after-load.png') });

      // Nothing reached the server meanwhile.
      expect(await serverTrace(server, taskId)).toEqual(['created']);

      // Back online: every change is sent once, in the order made, and no view snaps back.
      await page.context().setOffline(false);
      await expect(banner(page)).toBeHidden({ timeout: 30_000 });
      await expect
        .poll(() => serverTrace(server, taskId), { timeout: 30_000 })
        .toEqual(['created', 'status', 'assignee_id', 'title', 'comment Done before the train left']);
      const saved = await (await server.get(`/api/tasks/${taskId}`)).json();
      expect(saved).toMatchObject({
        title: 'Water plants and herbs',
        status: 'DOING',
        assignee: { firstname: 'Nora', lastname: 'Network' },
      });
      expect(await checklistOf(server, taskId)).toEqual([
        expect.objectContaining({ text: 'Fern', done: true }),
      ]);
      await expect(pending).toBeHidden();
      await expect(details.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
      await expect(sorry(page)).toHaveCount(0);
      await expect.poll(() => storedChanges(page)).toBe(0);

      // A reload sends nothing twice (the tick is in the checklist, not the log).
      await page.reload();
      await expect(
        page.getByRole('list', { name: 'Comments and changes' }).getByText('Done before the train left'),
      ).toHaveCount(1);
      expect((await serverTrace(server, taskId)).length).toBe(5);
      expect(reference).toBe(1);
      await server.dispose();
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`a queued change the server refuses (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('is undone and named with Retry, and the changes after it are still sent', async ({
      page,
      mail,
      baseURL,
      playwright,
    }, testInfo) => {
      // A server of its own and two page loads on a shared two-core machine.
      test.setTimeout(300_000);
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Rita',
        lastname: 'Refused',
        organization: 'Attic',
      });
      const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
        project: 'Chores',
        trigram: 'CHE',
        task: 'Water plants',
      });
      const second = await page.request.post(`/api/projects/${projectId}/tasks`, {
        headers: { origin: baseURL },
        data: { title: 'Feed the cat' },
      });
      expect(second.status()).toBe(201);
      const { task_id: catId } = (await second.json()) as { task_id: string };

      await page.goto(`/project/${projectId}/list`);
      await expect(page.getByRole('combobox', { name: 'Status of Feed the cat' })).toHaveText('To Do', {
        timeout: 30_000,
      });
      await page.getByRole('link', { name: 'Water plants' }).first().click();
      const details = page.getByRole('complementary', { name: 'Task details' });
      await expect(details.getByRole('combobox', { name: 'Status' })).toHaveValue('To Do', {
        timeout: 30_000,
      });
      await keptForOffline(page, ['task', taskId], 2);
      const server = await playwright.request.newContext({
        baseURL,
        storageState: await page.context().storageState(),
      });

      // Offline: CHE-1's status and a comment on it, then CHE-2's status from the list.
      await page.context().setOffline(true);
      await expect(banner(page)).toBeVisible();
      await details.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Done' }).click();
      await page.getByRole('textbox', { name: 'Write a comment' }).click();
      await page.keyboard.type('Watered twice');
      await page.keyboard.press('Control+Enter');
      await expect(waiting(page, '2 changes wait to be sent')).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: /Chores/ })
        .click();
      await expect(page.getByRole('combobox', { name: 'Status of Water plants' })).toHaveText('Done');
      await page.getByRole('combobox', { name: 'Status of Feed the cat' }).click();
      await page.getByRole('option', { name: 'Doing' }).click();
      await expect(waiting(page, '3 changes wait to be sent')).toBeVisible();

      // Meanwhile CHE-1 is deleted from another device.
      const deleted = await server.delete(`/api/tasks/${taskId}`, { headers: { origin: baseURL } });
      expect(deleted.ok()).toBe(true);

      // Back online: both changes of CHE-1 are refused and each is said by name; CHE-2's is saved.
      await page.context().setOffline(false);
      const statusLost = page
        .getByRole('alert')
        .filter({ hasText: 'The status of CHE-1 could not be saved' });
      const commentLost = page.getByRole('alert').filter({ hasText: 'A comment on CHE-1 could not be sent' });
      await expect(statusLost).toBeVisible({ timeout: 30_000 });
      await expect(commentLost).toBeVisible();
      await expect(statusLost.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect
        .poll(
          async () => ((await (await server.get(`/api/tasks/${catId}`)).json()) as { status: string }).status,
        )
        .toBe('DOING');
      await expect(page.getByRole('combobox', { name: 'Status of Feed the cat' })).toHaveText('Doing');
      await expect(waiting(page, 'wait to be sent')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('refused-change.png') });

      // Retry sends the same change again; still refused, it says so again rather than vanish.
      const sentAgain = page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().endsWith(`/api/tasks/${taskId}`),
      );
      await statusLost.getByRole('button', { name: 'Retry' }).click();
      expect((await sentAgain).postDataJSON()).toEqual({ status: 'DONE' });
      await expect(statusLost).toHaveCount(1);
      await expect(statusLost).toBeVisible();
      await server.dispose();
    });
  });
}
