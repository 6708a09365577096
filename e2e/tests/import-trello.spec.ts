import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { expect, test } from '../support/fixtures.ts';

interface TaskRow {
  task_id: string;
  title: string;
  status: string;
}

test.describe('importing a Trello board', () => {
  test('from "Add a project": confirm the lists, watch the progress, open the board with everything there', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tia',
      lastname: 'Trello',
      organization: 'Movers',
    });
    const fixture = trelloBoard({
      cards: 300,
      lists: ['Ideas', 'In progress', 'Shipped'],
      commentsPerCard: [2, 1, 0],
    });

    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    await page
      .getByRole('dialog', { name: 'Add a project' })
      .getByRole('link', { name: 'Import from a file' })
      .click();
    await expect(page.getByRole('heading', { name: 'Import from a file' })).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles({
      name: 'website-relaunch.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(fixture.board)),
    });
    // Read as soon as it is chosen: no second click.

    // The mapping Figgle suggests, by the lists' names; the person changes one and confirms.
    await expect(page.getByText('website-relaunch.json')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Read the file' })).toHaveCount(0);
    await expect(page.getByText(`300 cards, ${fixture.expected.comments} comments`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status for the list Ideas' })).toHaveValue('TODO');
    await expect(page.getByRole('combobox', { name: 'Status for the list In progress' })).toHaveValue(
      'DOING',
    );
    await expect(page.getByRole('combobox', { name: 'Status for the list Shipped' })).toHaveValue('DONE');
    await page.getByRole('combobox', { name: 'Status for the list Shipped' }).selectOption('Done');
    await expect(page.getByRole('textbox', { name: 'Name of the new project' })).toHaveValue(
      'Website relaunch',
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    // The progress bar, then the result; a reload on the way changes nothing.
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 120_000 });
    await expect(
      page.getByText(
        `Imported 300 tasks, ${fixture.expected.comments} comments, ${fixture.expected.checklistItems} checklist items and 6 new labels.`,
      ),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Open the board' }).click();
    await expect(page).toHaveURL(/\/project\/[^/]+\/kanban$/);
    const projectId = /\/project\/([^/]+)\/kanban/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { name: 'Website relaunch' })).toBeVisible();
    await expect(page.getByText(fixture.board.cards[0]!.name, { exact: true })).toBeVisible();

    // Everything is there: every card, archived ones in Archive.
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as TaskRow[];
    expect(tasks).toHaveLength(300);
    expect(tasks.filter((task) => task.status === 'ARCHIVE')).toHaveLength(fixture.expected.closed);

    // One card opened: its description, labels, checklist and comments with their original authors.
    const first = tasks.find((task) => task.title === fixture.board.cards[0]!.name)!;
    await page.goto(`/task/${first.task_id}`);
    await expect(page.getByText(/Why: customers asked for it \(card 1\)\./)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Draft (1)')).toBeVisible();
    await expect(page.getByText('Originally by Ada Lovelace on 2024-01-08 09:00 UTC')).toBeVisible();
    await expect(page.getByText('Comment 2 on card 1: looks good, grace.')).toBeVisible();
    const second = tasks.find((task) => task.title === fixture.board.cards[1]!.name)!;
    await page.goto(`/task/${second.task_id}`);
    await expect(page.getByText('Design', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Feature', { exact: true }).first()).toBeVisible();
  });
});

// Issue 42: a Trello checklist becomes sub-tasks when the person ticks the choice; checked at 390 px
// in dark mode (the test above runs at the default 1440 px, light).
test.describe('importing a Trello board with checklists as sub-tasks, 390 px, dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  test('the checklist items of a card come in as its sub-tasks, ticked ones Done', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Sid',
      lastname: 'Subtask',
      organization: 'Breakers',
    });
    // Cards 1 and 6 each hold a checklist of Draft (ticked), Review and Publish.
    const fixture = trelloBoard({ cards: 6, lists: ['Ideas', 'Doing', 'Done'], commentsPerCard: [0] });

    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    await page
      .getByRole('dialog', { name: 'Add a project' })
      .getByRole('link', { name: 'Import from a file' })
      .click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles({
      name: 'breakdown.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(fixture.board)),
    });
    const choice = page.getByRole('checkbox', { name: 'Turn Trello checklists into sub-tasks' });
    await expect(choice).not.toBeChecked();
    await choice.check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Open the board' }).click();
    await expect(page).toHaveURL(/\/project\/[^/]+\/kanban$/);
    const projectId = /\/project\/([^/]+)\/kanban/.exec(page.url())![1]!;
    // Six cards and the six items of their two checklists, as tasks; no checklist left behind.
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as TaskRow[];
    expect(tasks).toHaveLength(6 + fixture.expected.checklistItems);
    const first = tasks.find((task) => task.title === fixture.board.cards[0]!.name)!;
    await expect(
      page.getByRole('article', { name: new RegExp(fixture.board.cards[0]!.name) }).getByRole('img', {
        name: '1 of 3 sub-tasks done',
      }),
    ).toBeVisible();

    await page.goto(`/task/${first.task_id}`);
    const subtasks = page.getByRole('list', { name: 'Sub-tasks' }).getByRole('listitem');
    await expect(subtasks).toHaveCount(3);
    await expect(subtasks.nth(0)).toContainText('Draft (1)');
    await expect(subtasks.nth(0).getByRole('combobox', { name: /^Status of / })).toHaveValue('DONE');
    await expect(subtasks.nth(1)).toContainText('Review (1)');
    await expect(subtasks.nth(1).getByRole('combobox', { name: /^Status of / })).toHaveValue('TODO');
    await expect(subtasks.nth(2)).toContainText('Publish (1)');
    const checklist = (await (await page.request.get(`/api/tasks/${first.task_id}/checklist`)).json()) as {
      items: unknown[];
    };
    expect(checklist.items).toEqual([]);
  });
});
