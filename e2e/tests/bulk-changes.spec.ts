import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seedProject } from './filters-support.ts';

/** Twenty tasks whose titles sort as they are numbered: the list shows them in this order. */
const TITLES = Array.from({ length: 20 }, (_, index) => `Bulk task ${String(index + 1).padStart(2, '0')}`);

const checkbox = (page: Page, title: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^Select \\S+ ${title}$`) });

/** The assignee each drawn row names (its picker's title holds the name where only an avatar shows). */
function drawnAssignees(page: Page): Promise<Array<[string, string]>> {
  return page
    .locator('[role="combobox"][aria-label^="Assignee of Bulk task"]')
    .evaluateAll((pickers) =>
      pickers.map((picker): [string, string] => [
        (picker.getAttribute('aria-label') ?? '').replace('Assignee of ', ''),
        (picker.getAttribute('title') ?? '').replace('Assignee: ', ''),
      ]),
    );
}

/**
 * Every row names `name` as its assignee. Only the rows in view are drawn (a phone shows about ten),
 * so the rows are read at the top of the page and again at its end.
 */
async function expectAssignees(page: Page, name: string) {
  const seen = new Map<string, string>();
  for (const end of ['top', 'bottom'] as const) {
    await page.evaluate((end) => window.scrollTo(0, end === 'top' ? 0 : document.body.scrollHeight), end);
    // The rows of that end must be the ones drawn: right after the scroll, the rows of the other end
    // may still be on the page for a frame.
    const endTitle = end === 'top' ? TITLES[0]! : TITLES[TITLES.length - 1]!;
    await expect
      .poll(async () => {
        const drawn = await drawnAssignees(page);
        for (const [title, assignee] of drawn) seen.set(title, assignee);
        return (
          drawn.some(([title]) => title === endTitle) && drawn.every(([, assignee]) => assignee === name)
        );
      })
      .toBe(true);
  }
  expect([...seen.keys()].sort()).toEqual(TITLES);
  expect(new Set(seen.values())).toEqual(new Set([name]));
}

for (const { scheme, width, height } of [
  { scheme: 'light', width: 1440, height: 900 },
  { scheme: 'dark', width: 390, height: 844 },
] as const) {
  test(`bulk changes at ${width} px, ${scheme}: tick 20 rows with a click and a Shift-click, assign them, undo; delete two`, async ({
    page,
    mail,
    baseURL,
  }) => {
    // Twenty tasks seeded and forty pickers read twice: more than most journeys.
    test.slow();
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Bea',
      lastname: 'Bulk',
      organization: `Bulk ${scheme}`,
    });
    const { projectId } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Bulk',
      trigram: 'BLK',
      tasks: TITLES.map((title) => ({ title })),
    });
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    await page.goto(`/project/${projectId}/list`);
    await expectAssignees(page, 'None');

    await checkbox(page, TITLES[0]!).click();
    const bar = page.getByRole('toolbar', { name: 'Change 1 selected task' });
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await checkbox(page, TITLES[19]!).click({ modifiers: ['Shift'] });
    await expect(checkbox(page, TITLES[19]!)).toBeChecked();
    await expect(checkbox(page, TITLES[10]!)).toBeChecked();
    const selected = page.getByRole('toolbar', { name: 'Change 20 selected tasks' });
    await expect(selected).toContainText('20 selected');
    await page.screenshot({ path: test.info().outputPath(`bulk-bar-${width}-${scheme}.png`) });

    // One request for all twenty.
    const bulkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tasks/bulk-change')) bulkRequests.push(request.url());
    });
    await selected.getByRole('button', { name: 'Assignee' }).click();
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/tasks/bulk-change') && response.ok()),
      page.getByRole('menuitem', { name: 'Bea Bulk' }).click(),
    ]);
    await expectAssignees(page, 'Bea Bulk');
    expect(bulkRequests).toHaveLength(1);

    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/tasks/bulk-change') && response.ok()),
      page.getByRole('button', { name: 'Undo: changed 20 tasks' }).click(),
    ]);
    await expectAssignees(page, 'None');
    expect(bulkRequests).toHaveLength(2);
    // After a reload too: the server put them back.
    await page.reload();
    await expectAssignees(page, 'None');

    // Delete has no undo: it asks first, then the rows leave.
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkbox(page, TITLES[0]!).click();
    await checkbox(page, TITLES[1]!).click({ modifiers: ['Shift'] });
    await page
      .getByRole('toolbar', { name: 'Change 2 selected tasks' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const question = page.getByRole('dialog', { name: 'Delete 2 tasks?' });
    await expect(question).toContainText('go to the trash');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted 2 tasks')).toBeVisible();
    await expect(checkbox(page, TITLES[0]!)).toHaveCount(0);
    await expect(checkbox(page, TITLES[1]!)).toHaveCount(0);
    await expect(checkbox(page, TITLES[2]!)).toBeVisible();
    await expect(page.getByRole('toolbar')).toHaveCount(0);
  });

  test(`bulk changes at ${width} px, ${scheme}: add a label, move to a project (asked for a status), then My tasks`, async ({
    page,
    mail,
    baseURL,
  }) => {
    const headers = { origin: baseURL };
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Bea',
      lastname: 'Bulk',
      organization: `Bulk more ${scheme}`,
    });
    const titles = ['Move task 1', 'Move task 2', 'Move task 3'];
    const { projectId, ids } = await seedProject(page, baseURL, user.organizationId, {
      name: 'Source',
      trigram: 'SRC',
      tasks: titles.map((title) => ({ title, mine: true })),
    });
    const target = await seedProject(page, baseURL, user.organizationId, {
      name: 'Target',
      trigram: 'TGT',
      tasks: [],
    });
    // A status of a category Target has none of: moving its task asks where it goes.
    const added = await page.request.post(`/api/projects/${projectId}/statuses`, {
      headers,
      data: { name: 'Waiting', color: 'gray', category: 'backlog' },
    });
    expect(added.status()).toBe(201);
    const waiting = ((await added.json()) as Array<{ key: string; name: string }>).find(
      (status) => status.name === 'Waiting',
    )!;
    const moved = await page.request.patch(`/api/tasks/${ids[titles[2]!]}`, {
      headers,
      data: { status: waiting.key },
    });
    expect(moved.status()).toBe(200);
    const label = await page.request.post(`/api/organizations/${user.organizationId}/labels`, {
      headers,
      data: { name: 'Urgent', color: 'red' },
    });
    expect(label.status()).toBe(201);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    const bulkAnswer = () =>
      page.waitForResponse((response) => response.url().includes('/api/tasks/bulk-change'));

    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('checkbox', { name: 'Select all shown tasks' }).click();
    const bar = page.getByRole('toolbar', { name: 'Change 3 selected tasks' });
    await bar.getByRole('button', { name: 'Labels' }).click();
    await Promise.all([bulkAnswer(), page.getByRole('menuitem', { name: 'Add Urgent' }).click()]);
    await expect(page.getByText('Changed 3 tasks')).toBeVisible();
    await expect
      .poll(async () => {
        const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as Array<{
          labels: Array<{ name: string }>;
        }>;
        return tasks.map((task) => task.labels.map((one) => one.name).join());
      })
      .toEqual(['Urgent', 'Urgent', 'Urgent']);

    // Move: To Do finds Target's To Do by name; Waiting has no match, so the bar asks.
    await bar.getByRole('button', { name: 'Move to project' }).click();
    const [refused] = await Promise.all([
      bulkAnswer(),
      page.getByRole('menuitem', { name: 'Target' }).click(),
    ]);
    expect(refused.status()).toBe(409);
    const question = page.getByRole('dialog', { name: 'Which status in Target?' });
    await question.getByRole('combobox', { name: 'Tasks in Waiting go to' }).selectOption({ label: 'Done' });
    const [answered] = await Promise.all([
      bulkAnswer(),
      question.getByRole('button', { name: 'Move' }).click(),
    ]);
    expect(answered.status()).toBe(200);
    await expect(page.getByText('Moved 3 tasks to Target')).toBeVisible();
    await expect(checkbox(page, titles[0]!)).toHaveCount(0);
    await expect(page.getByRole('toolbar')).toHaveCount(0);
    const inTarget = (await (
      await page.request.get(`/api/projects/${target.projectId}/tasks`)
    ).json()) as Array<{
      title: string;
      status: string;
    }>;
    expect(inTarget.map((task) => [task.title, task.status]).sort()).toEqual([
      [titles[0], 'TODO'],
      [titles[1], 'TODO'],
      [titles[2], 'DONE'],
    ]);

    // My tasks, as a list: the same bar, one request for the two open tasks.
    await page.goto('/my-tasks?view=list');
    await expect(page.getByRole('link', { name: 'List view' })).toHaveAttribute('aria-current', 'page');
    await checkbox(page, titles[0]!).click();
    await checkbox(page, titles[1]!).click({ modifiers: ['Shift'] });
    const mine = page.getByRole('toolbar', { name: 'Change 2 selected tasks' });
    await mine.getByRole('button', { name: 'Priority' }).click();
    await Promise.all([bulkAnswer(), page.getByRole('menuitem', { name: 'High' }).click()]);
    await expect(page.getByRole('button', { name: 'Undo: changed 2 tasks' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`bulk-my-tasks-${width}-${scheme}.png`) });
  });
}
