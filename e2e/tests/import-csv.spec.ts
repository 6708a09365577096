import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';

test.describe('importing a CSV file', () => {
  test('from the project settings: preview, map the columns, see what was left out, open the board', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cai',
      lastname: 'Csv',
      organization: 'Tables',
    });
    const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Spreadsheet',
      trigram: 'SPR',
      task: 'Already here',
    });
    const csv =
      '\uFEFFSummary,Details,State,Owner,Internal id\r\n' +
      `Order the banners,"Two sizes, both blue",Doing,${user.email},X-1\n` +
      'Book the venue,,Done,someone@elsewhere.test,X-2\r\n';

    await page.goto(`/project/${projectId}/kanban`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Import into Spreadsheet' })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The browser reads the header itself before anything is sent.
    await expect(page.getByText('Columns: Summary, Details, State, Owner, Internal id')).toBeVisible();
    // Read as soon as it is chosen: no second click.

    // The preview of the first rows, with the columns Figgle recognised.
    const preview = page.getByRole('table', { name: 'First rows of the file' });
    await expect(preview.getByRole('cell', { name: 'Order the banners' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Column Summary' })).toHaveValue('title');
    await expect(page.getByRole('combobox', { name: 'Column Details' })).toHaveValue('description');
    await expect(page.getByRole('combobox', { name: 'Column Owner' })).toHaveValue('assignee');
    await expect(page.getByRole('combobox', { name: 'Column Internal id' })).toHaveValue('');
    // The person leaves the status out: every task comes in To Do.
    await page.getByRole('combobox', { name: 'Column State' }).selectOption('Leave out');
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Imported 2 tasks')).toBeVisible();
    const problems = page.getByRole('table', { name: 'Rows not imported, or imported without a value' });
    await expect(
      problems.getByRole('row', { name: /Row 3 someone@elsewhere.test is not a member/ }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Open the board' }).click();
    await expect(page.getByText('Order the banners', { exact: true })).toBeVisible();
    await expect(page.getByText('Book the venue', { exact: true })).toBeVisible();
    await expect(page.getByText('Already here', { exact: true })).toBeVisible();
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as Array<{
      title: string;
      status: string;
    }>;
    expect(tasks.filter((task) => task.title !== 'Already here').map((task) => task.status)).toEqual([
      'TODO',
      'TODO',
    ]);
  });
});
