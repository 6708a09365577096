import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { axeCheck } from './accessibility-support.ts';
import { callApi, dayFromToday, twoPlannedTasks } from './planning-support.ts';

/** A day as the timeline names it ('3 Feb 2027'). */
function named(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A day as the task page's date fields show it ('Nov 30, 2026'). */
function shown(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** No axe violation on the page, each named with its nodes when there is one. */
async function expectNoViolation(page: Page) {
  const { violations } = await axeCheck(page);
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

async function saved(page: Page, taskId: string) {
  const task = (await (await page.request.get(`/api/tasks/${taskId}`)).json()) as {
    start_date: string | null;
    due_on: string | null;
  };
  return `${task.start_date} → ${task.due_on}`;
}

/** Two planned tasks where the first blocks the second, which starts before it ends, and one without dates. */
async function plannedProject(page: Page, baseURL: string, organizationId: string) {
  const { projectId, design, build } = await twoPlannedTasks(page, baseURL, organizationId);
  await callApi(page, baseURL, 'POST', `/api/tasks/${design}/relations`, { side: 'blocks', task_id: build });
  return { projectId, design, build };
}

test.describe('the timeline at 1440 px, light', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

  test('bars, the arrow between them, a drag two weeks later, a day by keyboard, and a task planned from the side list', async ({
    page,
    mail,
    baseURL,
  }) => {
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Planner',
      organization: 'Timeline light',
    });
    const { projectId, design, build } = await plannedProject(page, baseURL, ada.organizationId);

    // From the list, the fourth view; the zoom goes into the address.
    await page.goto(`/project/${projectId}/list`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('link', { name: 'Timeline view' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/timeline`));
    await expect(page.getByRole('heading', { level: 1, name: 'Timeline of Roadmap' })).toBeVisible();
    await page
      .locator('label')
      .filter({ hasText: /^Week$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(page).toHaveURL(/zoom=week/);

    const designBar = page.getByRole('button', { name: /^RDM-\d+ Design the flow, / });
    const buildBar = page.getByRole('button', { name: /^RDM-\d+ Build the flow, / });
    await expect(designBar).toHaveAccessibleName(
      new RegExp(`from ${named(dayFromToday(1))} to ${named(dayFromToday(3))}$`),
    );
    // Build starts before Design (its blocker) ends: marked in words and with a sign, and the arrow is drawn.
    await expect(buildBar).toHaveAccessibleName(/starts before RDM-\d+ ends$/);
    await expect(buildBar.locator('svg')).toHaveCount(1);
    const arrow = page.locator(`path[data-from="${design}"][data-to="${build}"]`);
    await expect(arrow).toHaveCount(1);
    await expect(arrow).toHaveAttribute('data-late', 'true');
    await expect(page.getByRole('list', { name: 'Tasks without dates' })).toContainText('Write the docs');
    await page.screenshot({ path: test.info().outputPath('timeline-light.png') });
    await expectNoViolation(page);

    // Drag Build two weeks later (36 px a day at the week zoom).
    const box = (await buildBar.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 14; step++) await page.mouse.move(x + step * 36, y);
    await page.mouse.up();
    await expect(buildBar).toHaveAccessibleName(
      new RegExp(`from ${named(dayFromToday(16))} to ${named(dayFromToday(20))}$`),
    );
    await expect.poll(() => saved(page, build)).toBe(`${dayFromToday(16)} → ${dayFromToday(20)}`);
    // Now after its blocker: no mark, and the arrow is no longer late.
    await expect(arrow).not.toHaveAttribute('data-late', 'true');
    await expect(buildBar.locator('svg')).toHaveCount(0);

    // The task page, after a reload, has the new dates.
    await page.goto(`/task/${build}`);
    await page.reload();
    const details = page.getByRole('complementary', { name: 'Task details' });
    await expect(details.getByRole('button', { name: 'Start date', exact: true })).toHaveText(
      shown(dayFromToday(16)),
    );
    await expect(details.getByRole('button', { name: 'Due date', exact: true })).toHaveText(
      shown(dayFromToday(20)),
    );

    // The keyboard: the focused bar moves a day, and the move is announced.
    await page.goBack();
    await expect(page).toHaveURL(/\/timeline\?zoom=week/);
    await designBar.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: 'Design the flow moved' })).toHaveText(
      new RegExp(`now from ${named(dayFromToday(2))} to ${named(dayFromToday(4))}\\.$`),
    );
    await expect.poll(() => saved(page, design)).toBe(`${dayFromToday(2)} → ${dayFromToday(4)}`);
    await expect(designBar).toBeFocused();

    // A task without dates gets both from the side list: dragged onto a day, or with Today.
    const docs = await callApi<{ task_id: string }>(
      page,
      baseURL,
      'POST',
      `/api/projects/${projectId}/tasks`,
      {
        title: 'Record the demo',
      },
    );
    const undated = page.getByRole('list', { name: 'Tasks without dates' });
    await undated
      .getByRole('listitem')
      .filter({ hasText: 'Record the demo' })
      .dragTo(page.getByRole('region', { name: /^Timeline from / }), { targetPosition: { x: 600, y: 60 } });
    await expect(page.getByRole('button', { name: /^RDM-\d+ Record the demo, from / })).toBeVisible();
    await expect
      .poll(async () => {
        const [start, due] = (await saved(page, docs.task_id)).split(' → ');
        return start === 'null' ? null : (Date.parse(due!) - Date.parse(start!)) / 86_400_000;
      })
      .toBe(4);
    // Undone: back without dates, on the server too; then planned from today with its button.
    await page.getByRole('button', { name: /^Undo: planned RDM-\d+, / }).click();
    await expect(undated).toContainText('Record the demo');
    await expect.poll(() => saved(page, docs.task_id)).toBe('null → null');
    await page.getByRole('button', { name: 'Plan Record the demo from today' }).click();
    await page.getByRole('button', { name: 'Plan Write the docs from today' }).click();
    await expect(page.getByRole('button', { name: /^RDM-\d+ Write the docs, / })).toHaveAccessibleName(
      new RegExp(`from ${named(dayFromToday(0))} to ${named(dayFromToday(4))}$`),
    );
    await expect(page.getByText('Every task is on the timeline.')).toBeVisible();

    // Grouped by status, kept in the address; live: a change made elsewhere moves the bar.
    await page
      .locator('label')
      .filter({ hasText: /^Status$/ })
      .click();
    await expect(page).toHaveURL(/group=status/);
    await expect(page.getByText('To Do (4)')).toBeVisible();
    await callApi(page, baseURL, 'PATCH', `/api/tasks/${design}`, { due_on: dayFromToday(9) });
    await expect(designBar).toHaveAccessibleName(
      new RegExp(`from ${named(dayFromToday(2))} to ${named(dayFromToday(9))}$`),
    );

    // The bars in dark too, still readable (axe's contrast rules).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.screenshot({ path: test.info().outputPath('timeline-dark-1440.png') });
    await expectNoViolation(page);
  });
});

test.describe('the timeline at 390 px, dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('is a list by week, with the late mark in words', async ({ page, mail, baseURL }) => {
    const bo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Bo',
      lastname: 'Planner',
      organization: 'Timeline dark',
    });
    const { projectId } = await plannedProject(page, baseURL, bo.organizationId);
    await page.goto(`/project/${projectId}/timeline`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const weeks = page.getByRole('region', { name: 'Timeline by week' });
    await expect(weeks.getByRole('heading', { name: /^Week of / }).first()).toBeVisible();
    await expect(weeks.getByRole('link', { name: /Design the flow/ })).toBeVisible();
    await expect(weeks.getByText(/ · starts before RDM-\d+ ends$/)).toBeVisible();
    await expect(weeks.getByRole('link', { name: 'Write the docs' })).toBeVisible();
    // No bars at this width.
    await expect(page.locator('[data-timeline-bar]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('timeline-dark-390.png'), fullPage: true });
    await expectNoViolation(page);
  });
});
