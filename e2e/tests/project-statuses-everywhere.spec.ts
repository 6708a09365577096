import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { callApi, createTask, dayFromToday } from './planning-support.ts';

// Issue 43: a project's own status of the Done category ("Shipped") reads by its name in the change
// log and counts as done on My tasks and the dashboard (docs/product.md#statuses).

const columnNames = (page: Page) =>
  page
    .getByRole('region')
    // The board's columns: each says how many tasks it shows.
    .filter({ has: page.getByLabel(/^\d+ tasks?$/) })
    .evaluateAll((regions) => regions.map((region) => region.querySelector('h2')?.textContent ?? ''));

inEachLook("a project's own Done status", ({ scheme }) => {
  test('"Shipped" is named in the change log and counts as done on My tasks and the dashboard', async ({
    page,
    mail,
    baseURL,
  }) => {
    const sam = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sam',
      lastname: 'Shipper',
      organization: `Shipping ${scheme}`,
    });
    const { projectId } = await createProjectWithTask(page, baseURL, sam.organizationId, {
      project: 'Posters',
      trigram: 'POS',
      task: 'Sketch the poster',
    });
    for (const status of [
      { name: 'In review', color: 'violet', category: 'started' },
      { name: 'Shipped', color: 'teal', category: 'done' },
    ])
      await callApi(page, baseURL!, 'POST', `/api/projects/${projectId}/statuses`, status);
    const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
    // Late, but shipped: finished work is never overdue.
    const taskId = await createTask(page, baseURL!, projectId, {
      title: 'Print the poster',
      status: 'IN_REVIEW',
      assignee_id: me.user_id,
      due_on: dayFromToday(-1),
    });
    await callApi(page, baseURL!, 'PATCH', `/api/tasks/${taskId}`, { status: 'SHIPPED' });

    // The change log on the task page says the names.
    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'changed status In review → Shipped',
    );

    // My tasks: a column "Shipped" after Done, holding the card, with no late mark.
    await page.goto('/my-tasks');
    await expect.poll(() => columnNames(page)).toEqual(['To Do', 'Doing', 'Done', 'Shipped', 'Archive']);
    const card = page
      .getByRole('region', { name: 'Shipped' })
      .getByRole('article', { name: /Print the poster$/ });
    await expect(card).toBeVisible();
    await expect(card.getByText('Overdue')).toHaveCount(0);
    await page.screenshot({
      path: test.info().outputPath(`statuses-my-tasks-${scheme}.png`),
      animations: 'disabled',
    });

    // The dashboard counts it as done, and not overdue.
    await page.goto('/dashboard');
    await expect(page.getByRole('group', { name: 'Tasks in DONE' })).toContainText('1');
    await expect(page.getByRole('group', { name: 'Overdue' })).toContainText('0');
  });
});
