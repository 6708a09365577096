import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { axeCheck } from './accessibility-support.ts';
import { callApi, createTask } from './planning-support.ts';

/**
 * Cycles from everywhere (docs/product.md#cycles): a board card's "…" menu moves its task to the
 * current cycle, the list's selection bar plans two more in one request (and its Undo takes them
 * out again), and "Current cycle" keeps exactly the planned ones.
 */

const checkbox = (page: Page, title: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^Select \\S+ ${title}$`) });

interface RowTops {
  rowTops: number[];
}

/** Runs in the page: each new place of the list's first row in the page, frame by frame, for 3 seconds. */
function watchFirstRowTop() {
  const tops: number[] = [];
  (window as unknown as RowTops).rowTops = tops;
  const started = performance.now();
  const frame = () => {
    const row = document.querySelector('tbody tr[data-task-id]');
    const top = row ? row.getBoundingClientRect().top + window.scrollY : undefined;
    if (top !== undefined && tops.at(-1) !== top) tops.push(top);
    if (performance.now() - started < 3000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function bulkAnswer(page: Page) {
  return page.waitForResponse(
    (response) => response.url().includes('/api/tasks/bulk-change') && response.ok(),
  );
}

inEachLook('cycles from the board and the list', ({ scheme, width }) => {
  test("a card's menu moves its task to the current cycle; the selection bar plans two more", async ({
    page,
    mail,
    baseURL,
  }) => {
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Planner',
      organization: `Cycles everywhere ${scheme}`,
    });
    const { projectId } = await createProjectWithTask(page, baseURL, ada.organizationId, {
      project: 'Sprints',
      trigram: 'SPR',
      task: 'Write the brief',
    });
    await createTask(page, baseURL, projectId, { title: 'Draw the icons' });
    await createTask(page, baseURL, projectId, { title: 'Test the signup' });
    await createTask(page, baseURL, projectId, { title: 'Stay unplanned' });
    await callApi(page, baseURL, 'PUT', `/api/projects/${projectId}/cycle-settings`, {
      enabled: true,
      weeks: 2,
      week_start: 1,
    });

    // The board card's "…" menu.
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.getByRole('button', { name: 'Actions for Write the brief' }).click();
    await page.getByRole('menuitem', { name: 'Move to current cycle' }).click();
    await expect(page.getByText('Moved to Cycle 1', { exact: true })).toBeVisible();

    // The list's selection bar: two rows, one request, Undo. The rows are drawn where they stay: a
    // row that moved down once the cycles answered (their chip joins the filter bar) lost a tick.
    await page.addInitScript(watchFirstRowTop);
    await page.goto(`/project/${projectId}/list`);
    await checkbox(page, 'Draw the icons').click();
    await checkbox(page, 'Test the signup').click();
    expect(await page.evaluate(() => (window as unknown as RowTops).rowTops)).toHaveLength(1);
    const bar = page.getByRole('toolbar', { name: 'Change 2 selected tasks' });
    await bar.getByRole('button', { name: 'Cycle' }).click();
    await expect(page.getByRole('menuitem', { name: /^Cycle 2 · / })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`bulk-cycle-${width}-${scheme}.png`) });
    await Promise.all([
      bulkAnswer(page),
      page.getByRole('menuitem', { name: /^Cycle 1 \(current\)/ }).click(),
    ]);
    await Promise.all([
      bulkAnswer(page),
      page.getByRole('button', { name: 'Undo: changed 2 tasks' }).click(),
    ]);
    // Again, to stay: the undo put them back in no cycle, and this plans them once more.
    await bar.getByRole('button', { name: 'Cycle' }).click();
    await Promise.all([
      bulkAnswer(page),
      page.getByRole('menuitem', { name: /^Cycle 1 \(current\)/ }).click(),
    ]);
    await bar.getByRole('button', { name: 'Clear selection' }).click();

    // "Current cycle" keeps the three planned tasks, after a reload too.
    await page.getByText('Current cycle', { exact: true }).click();
    // The chip is kept in the address: reload only once it is there.
    await expect(page).toHaveURL(/[?&]cycle=current/);
    await page.reload();
    for (const title of ['Write the brief', 'Draw the icons', 'Test the signup']) {
      await expect(page.getByRole('link', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Stay unplanned' })).toHaveCount(0);

    // The task's log says who planned it, and how.
    await page.getByRole('link', { name: 'Draw the icons' }).click();
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'took the task out of Cycle 1',
    );

    // The palette, on the open task: Set cycle… plans it in the next one.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('textbox', { name: 'Search' }).fill('Set cycle');
    await palette.getByRole('button', { name: 'Set cycle…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Set cycle' });
    const choice = dialog.getByRole('combobox', { name: 'Cycle' });
    await expect(choice).toHaveValue(/./);
    const next = await choice.locator('option', { hasText: /^Cycle 2 · / }).getAttribute('value');
    await choice.selectOption(next!);
    // The dialog reads well in this scheme and width (contrast, names), once the palette has gone.
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
    const { violations } = await axeCheck(page);
    const blocking = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(blocking.map((violation) => violation.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Planned in Cycle 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
      'moved the task from Cycle 1 to Cycle 2',
    );
  });
});
