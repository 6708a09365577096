import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createProject } from '../support/task-page-setup.ts';
import { live } from '../support/two-members.ts';
import { callApi, createTask } from './planning-support.ts';

const group = (page: Page, name: 'Tasks' | 'Comments' | 'Projects') => page.getByRole('region', { name });
const results = (page: Page, name: 'Tasks' | 'Comments' | 'Projects') =>
  group(page, name).getByRole('listitem');

/** Picks an option of one of the page's filters (Mantine selects: a combobox and its listbox). */
async function chooseFilter(page: Page, filter: 'Project' | 'Status' | 'Assignee', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the search page', () => {
  test('tasks, then comments, then projects; filters in the address; 20 at a time with See more', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const sam = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sam',
      lastname: 'Seeker',
      organization: 'Billing team',
    });
    const me = await callApi<{ user_id: string }>(page, baseURL, 'GET', '/api/me');
    const ledger = await createProject(page, baseURL, sam.organizationId, 'Invoice ledger', 'LED');
    const archive = await createProject(page, baseURL, sam.organizationId, 'Archive', 'ARC');
    // 25 invoice tasks in the ledger: 3 in Doing, 2 of those assigned to Sam; 2 more in the archive.
    for (let n = 1; n <= 25; n++) {
      await createTask(page, baseURL, ledger, {
        title: `Invoice ${n} for the spring campaign`,
        status: n <= 3 ? 'DOING' : 'TODO',
        ...(n <= 2 ? { assignee_id: me.user_id } : {}),
      });
    }
    const archived = await createTask(page, baseURL, archive, { title: 'Old invoice template' });
    await createTask(page, baseURL, archive, { title: 'Invoice numbering rules' });
    await createTask(page, baseURL, archive, { title: 'Unrelated chore' });
    await callApi(page, baseURL, 'POST', `/api/tasks/${archived}/comments`, {
      content_json: { ops: [{ insert: 'The invoice footer needs the new address\n' }] },
    });

    await page.goto('/search?q=invoice');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue('invoice');

    // Tasks first, then comments (with their task), then projects.
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Tasks', 'Comments', 'Projects']);
    await expect(results(page, 'Tasks')).toHaveCount(20);
    await expect(results(page, 'Tasks').first().locator('mark').first()).toHaveText(/^invoice$/i);
    const comment = results(page, 'Comments').first();
    await expect(comment).toContainText('The invoice footer needs the new address');
    await expect(comment).toContainText(/On ARC-\d+ Old invoice template/);
    await expect(comment.locator('mark')).toHaveText([/^invoice$/i]);
    await expect(results(page, 'Projects')).toHaveText([/Invoice ledger/]);

    // See more: the next page of tasks joins the first.
    await group(page, 'Tasks').getByRole('button', { name: 'See more tasks' }).click();
    await expect(results(page, 'Tasks')).toHaveCount(27);
    await expect(group(page, 'Tasks').getByRole('button', { name: 'See more tasks' })).toHaveCount(0);
    await expect(results(page, 'Tasks').filter({ hasText: 'Unrelated chore' })).toHaveCount(0);

    // Filters go in the address and survive a reload.
    await chooseFilter(page, 'Status', 'Doing');
    await expect(page).toHaveURL(/status=DOING/);
    await expect(results(page, 'Tasks')).toHaveCount(3);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
    await expect(results(page, 'Tasks')).toHaveCount(3);
    await chooseFilter(page, 'Assignee', 'Me');
    await expect(page).toHaveURL(/assignee=me/);
    await expect(results(page, 'Tasks')).toHaveCount(2);
    await expect(results(page, 'Tasks').first()).toContainText('Sam Seeker');

    // A shared link opens the same view: another project, any status.
    await page.goto(`/search?q=invoice&project=${archive}`);
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue('Archive (ARC)');
    await expect(results(page, 'Tasks')).toHaveCount(2);
    await expect(results(page, 'Tasks').filter({ hasText: /spring campaign/ })).toHaveCount(0);

    // A result opens its task.
    await results(page, 'Tasks')
      .getByRole('link', { name: /Old invoice template/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/task/${archived}$`));

    // Typing on the page searches again and puts the text in the address.
    await page.goto('/search?q=invoice');
    const field = page.getByRole('searchbox', { name: 'Search for' });
    await field.fill('numbering');
    await expect(page).toHaveURL(/q=numbering/);
    await expect(results(page, 'Tasks')).toHaveText([/Invoice numbering rules/]);
  });

  test('a task created or renamed by someone else shows up in the open results, without a reload', async ({
    page: pageA,
    baseURL,
    twoMembers,
  }) => {
    const { pageB, contextB, projectId, taskId } = await twoMembers({ benLastname: 'Finder', task: 'Alpha' });
    await pageB.goto('/search?q=zebra');
    await live(pageB);
    await expect(pageB.getByText('Nothing found for “zebra”.')).toBeVisible();

    // Ada renames Alpha: Ben's results show it.
    await callApi(pageA, baseURL, 'PATCH', `/api/tasks/${taskId}`, { title: 'Zebra crossing signs' });
    await expect(results(pageB, 'Tasks')).toHaveText([/Zebra crossing signs/]);

    // Ada creates another: it joins them.
    await createTask(pageA, baseURL, projectId, { title: 'Paint the zebra stripes' });
    await expect(results(pageB, 'Tasks')).toHaveCount(2);
    await expect(results(pageB, 'Tasks').filter({ hasText: 'Paint the zebra stripes' })).toHaveCount(1);
    await contextB.close();
  });
});
