import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { keptForOffline, reconnect, reloadOffline, storedChanges } from '../support/offline-copy.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

// The offline worker is this file's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 42: a task's structure changes like its other fields: shown at once offline, kept through a
// reload, and sent when the network returns.

interface SavedStructure {
  subtasks: Array<{ task_id: string }>;
  relations: Array<{ side: string; task: { task_id: string } }>;
}

const waiting = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const subtaskList = (page: Page) => page.getByRole('list', { name: 'Sub-tasks' });
const blocksList = (page: Page) =>
  page.getByRole('region', { name: 'Relations' }).getByRole('list', { name: 'Blocks', exact: true });

async function postTask(page: Page, baseURL: string, projectId: string, title: string): Promise<string> {
  const made = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers: { origin: baseURL },
    data: { title },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { task_id: string }).task_id;
}

/** What the server says of the task's structure: its sub-tasks, and the tasks it blocks. */
async function savedStructure(server: APIRequestContext, taskId: string) {
  const answer = await server.get(`/api/tasks/${taskId}/structure`);
  expect(answer.status()).toBe(200);
  const structure = (await answer.json()) as SavedStructure;
  return {
    subtasks: structure.subtasks.map((subtask) => subtask.task_id),
    blocks: structure.relations
      .filter((relation) => relation.side === 'blocks')
      .map((relation) => relation.task.task_id),
  };
}

/** Finds `text` in a task finder and chooses the task the search offers as `option`. */
async function pick(page: Page, finder: string, text: string, option: string) {
  await page.getByRole('combobox', { name: finder }).fill(text);
  await page.getByRole('option', { name: option }).click();
}

for (const { scheme, viewport } of [
  { scheme: 'light', viewport: { width: 1440, height: 900 } },
  { scheme: 'dark', viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`structure changes made offline, ${scheme} at ${viewport.width} px`, () => {
    test.use({ colorScheme: scheme, viewport });

    test('a sub-task attached and a "blocks" relation added offline show at once (on both tasks), wait through a reload, and reach the server', async ({
      page,
      mail,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Nora',
        lastname: 'Network',
        organization: 'Basement',
      });
      const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
        project: 'Garden',
        trigram: 'GAR',
        task: 'Plant tomatoes',
      });
      const seedsId = await postTask(page, baseURL, projectId, 'Buy seeds');
      const bedsId = await postTask(page, baseURL, projectId, 'Dig the beds');

      // The relation's other end, opened before: its page will show the relation offline too.
      await page.goto(`/task/${bedsId}`);
      // A fresh browser fetches the task page's code and reads in turn: slow on a busy machine.
      await expect(page.getByRole('region', { name: 'Relations' })).toBeVisible({ timeout: 30_000 });
      await keptForOffline(page, ['task', bedsId, 'structure']);
      await page.goto(`/task/${taskId}`);
      await expect(page.getByRole('region', { name: 'Relations' })).toBeVisible({ timeout: 30_000 });
      await keptForOffline(page, ['task', taskId, 'structure']);

      // The finders ask the server's search: what they found before the network went is offered offline.
      const attachFinder = 'Attach an existing task as a sub-task';
      await page.getByRole('combobox', { name: attachFinder }).fill('Buy seeds');
      await expect(page.getByRole('option', { name: 'GAR-2 Buy seeds' })).toBeVisible();
      await page.getByRole('combobox', { name: attachFinder }).fill('');
      await page.getByRole('combobox', { name: 'Kind of relation' }).click();
      await page.getByRole('option', { name: 'Blocks', exact: true }).click();
      const relationFinder = 'Task that GAR-1 blocks';
      await page.getByRole('combobox', { name: relationFinder }).fill('Dig the beds');
      await expect(page.getByRole('option', { name: 'GAR-3 Dig the beds' })).toBeVisible();
      await page.getByRole('combobox', { name: relationFinder }).fill('');

      await page.context().setOffline(true);
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

      await pick(page, attachFinder, 'Buy seeds', 'GAR-2 Buy seeds');
      await expect(subtaskList(page).getByRole('link', { name: 'Buy seeds' })).toBeVisible();
      await expect(page.getByLabel('0 of 1 sub-tasks done')).toBeVisible();
      await expect(waiting(page, '1 change waits to be sent')).toBeVisible();
      await pick(page, relationFinder, 'Dig the beds', 'GAR-3 Dig the beds');
      await expect(blocksList(page).getByRole('link', { name: 'Dig the beds' })).toBeVisible();
      // Not on the server yet, so it has no id a removal could name.
      const removeRelation = page.getByRole('button', { name: 'Remove the relation to GAR-3' });
      await expect(removeRelation).toBeDisabled();
      await expect(waiting(page, '2 changes wait to be sent')).toBeVisible();
      // The other end reads it from its side at once, still offline.
      await blocksList(page).getByRole('link', { name: 'Dig the beds' }).click();
      await expect(
        page
          .getByRole('region', { name: 'Relations' })
          .getByRole('list', { name: 'Is blocked by', exact: true })
          .getByRole('link', { name: 'Plant tomatoes' }),
      ).toBeVisible();
      await page.goBack();
      await expect(blocksList(page).getByRole('link', { name: 'Dig the beds' })).toBeVisible();
      await expect.poll(() => storedChanges(page)).toBe(2);
      await page.screenshot({
        path: test.info().outputPath(`subtasks-offline-${scheme}.png`),
        fullPage: true,
      });

      // Still offline after a reload: both are shown and still waiting; the server has neither.
      await reloadOffline(page);
      await expect(waiting(page, '2 changes wait to be sent')).toBeVisible({ timeout: 30_000 });
      await expect(subtaskList(page).getByRole('link', { name: 'Buy seeds' })).toBeVisible();
      await expect(blocksList(page).getByRole('link', { name: 'Dig the beds' })).toBeVisible();
      await expect(removeRelation).toBeDisabled();
      expect(await savedStructure(page.request, taskId)).toEqual({ subtasks: [], blocks: [] });

      // Back online: both are sent, and the page shows the server's structure.
      await reconnect(page);
      await expect
        .poll(() => savedStructure(page.request, taskId), { timeout: 30_000 })
        .toEqual({ subtasks: [seedsId], blocks: [bedsId] });
      await expect(page.getByRole('status').filter({ hasText: 'wait to be sent' })).toHaveCount(0);
      await expect(removeRelation).toBeEnabled();
      await expect(subtaskList(page).getByRole('link', { name: 'Buy seeds' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}
