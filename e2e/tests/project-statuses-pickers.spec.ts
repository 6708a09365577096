import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { callApi, createTask } from './planning-support.ts';

// Issue 43: every status picker offers the project's own statuses (docs/product.md#statuses): a
// sub-task's row, the Trello import's lists (grouped by category), and the Ready-for-dev rule
// (by the names the project gives them).

interface StatusRow {
  status_id: string;
  key: string;
}

inEachLook("the pickers of a project's statuses", ({ scheme }) => {
  test('"In review" is offered for a sub-task and a Trello list; the Figma rule names "Building"', async ({
    page,
    mail,
    baseURL,
  }) => {
    const rio = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rio',
      lastname: 'Reviewer',
      organization: `Reviewers ${scheme}`,
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL!, rio.organizationId, {
      project: 'Posters',
      trigram: 'POS',
      task: 'Print the poster',
    });
    await callApi(page, baseURL!, 'POST', `/api/projects/${projectId}/statuses`, {
      name: 'In review',
      color: 'violet',
      category: 'started',
    });
    const statuses = await (await page.request.get(`/api/projects/${projectId}/statuses`)).json();
    const doing = (statuses as StatusRow[]).find((status) => status.key === 'DOING')!;
    await callApi(page, baseURL!, 'PATCH', `/api/project-statuses/${doing.status_id}`, {
      name: 'Building',
    });
    const subtaskId = await createTask(page, baseURL!, projectId, {
      title: 'Check the colours',
      parent_id: taskId,
    });

    // The sub-task's row: its project's statuses, "In review" among them.
    await page.goto(`/task/${taskId}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const status = page.getByRole('combobox', { name: 'Status of POS-2' });
    await expect(status.getByRole('option')).toHaveText([
      'To Do',
      'Building',
      'Done',
      'Archive',
      'In review',
    ]);
    await status.selectOption('In review');
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/tasks/${subtaskId}`)).json()) as { status: string }).status,
      )
      .toBe('IN_REVIEW');

    // Project settings › Figma: the rule names the project's statuses as the project names them.
    await page.goto(`/project/${projectId}/kanban`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await settings.getByLabel('When a linked design becomes Ready for dev').click();
    await expect(page.getByRole('option', { name: 'Move it to Building' })).toBeVisible();
    await page.getByRole('option', { name: 'Move it to Building' }).click();
    await expect(page.getByText('Ready for dev moves tasks to Building.')).toBeVisible();
    await page.keyboard.press('Escape');

    // A Trello board into the project: each list offers its statuses, "In review" as a Started one.
    const fixture = trelloBoard({ cards: 3, lists: ['Reviewing'], commentsPerCard: [0] });
    await page.goto(`/project/${projectId}/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles({
      name: 'reviews.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(fixture.board)),
    });
    const list = page.getByRole('combobox', { name: 'Status for the list Reviewing' });
    await expect(list.locator('optgroup[label="Started"] option')).toHaveText(['Building', 'In review']);
    await list.selectOption('In review');
    await page.screenshot({
      path: test.info().outputPath(`statuses-pickers-import-${scheme}.png`),
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 60_000 });
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as Array<{
      title: string;
      status: string;
    }>;
    expect(
      tasks
        .filter((task) => fixture.board.cards.some((card) => card.name === task.title))
        .map((task) => task.status),
    ).toEqual(['IN_REVIEW', 'IN_REVIEW', 'IN_REVIEW']);
  });
});
