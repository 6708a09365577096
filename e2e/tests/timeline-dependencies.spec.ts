import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { callApi, twoPlannedTasks } from './planning-support.ts';

/** The "blocks" relations the server holds for a task, as the other tasks' ids. */
async function blocksOf(page: Page, taskId: string): Promise<string[]> {
  const structure = (await (await page.request.get(`/api/tasks/${taskId}/structure`)).json()) as {
    relations: Array<{ side: string; task: { task_id: string } }>;
  };
  return structure.relations.filter((relation) => relation.side === 'blocks').map((r) => r.task.task_id);
}

test.describe('dependencies on the timeline at 1440 px, light', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

  test('an arrow drawn from a bar onto another, kept after a reload; a loop refused from the menu', async ({
    page,
    mail,
    baseURL,
  }) => {
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Planner',
      organization: 'Dependencies light',
    });
    const { projectId, design, build, docs } = await twoPlannedTasks(page, baseURL, ada.organizationId);
    await page.goto(`/project/${projectId}/timeline?zoom=week`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    const designBar = page.getByRole('button', { name: /^RDM-\d+ Design the flow, / });
    const buildBar = page.getByRole('button', { name: /^RDM-\d+ Build the flow, / });
    await expect(buildBar).toBeVisible();
    const arrow = page.locator(`path[data-from="${design}"][data-to="${build}"]`);
    await expect(arrow).toHaveCount(0);

    // From the handle past Design's end onto Build's bar.
    await designBar.hover();
    const handle = page.locator(`[data-connect="${design}"]`);
    const from = (await handle.boundingBox())!;
    const to = (await buildBar.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await expect(buildBar).toHaveAttribute('data-link-target', 'true');
    await page.mouse.up();
    await expect(arrow).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'now blocks' })).toHaveText(
      /^RDM-\d+ Design the flow now blocks RDM-\d+ Build the flow\.$/,
    );
    // Build starts before its new blocker ends: marked at once.
    await expect(buildBar).toHaveAccessibleName(/starts before RDM-\d+ ends$/);
    await expect.poll(() => blocksOf(page, design)).toEqual([build]);
    await page.screenshot({ path: test.info().outputPath('timeline-dependency-light.png') });

    // After a reload the arrow is there, and Design's page lists Build under "Blocks".
    await page.reload();
    await expect(arrow).toHaveCount(1);
    await page.goto(`/task/${design}`);
    await expect(page.getByRole('list', { name: 'Blocks' })).toContainText('Build the flow');

    // From the keyboard: Build's menu, "Add dependency…", Design: a loop, refused in words.
    await page.goBack();
    await expect(buildBar).toBeVisible();
    await buildBar.focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Add dependency…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add dependency' });
    await dialog.getByRole('combobox', { name: 'Blocks' }).selectOption(design);
    await dialog.getByRole('button', { name: 'Add dependency' }).click();
    await expect(dialog).toBeHidden();
    // Named as the server names it (Build → Design → Build).
    const loop = /This would make a loop: (RDM-\d+) → (RDM-\d+) → \1\./;
    await expect(page.getByRole('alert').filter({ hasText: 'This would make a loop' })).toContainText(loop);
    await expect(buildBar).toBeFocused();
    await expect(page.locator(`path[data-from="${build}"][data-to="${design}"]`)).toHaveCount(0);
    expect(await blocksOf(page, build)).toEqual([]);

    // With Build blocking the docs, "Design is blocked by the docs" asked from Design's page goes round
    // through three tasks; the server sees it and refuses it in its words (docs → Design → Build → docs).
    await callApi(page, baseURL, 'POST', `/api/tasks/${build}/relations`, { side: 'blocks', task_id: docs });
    await page.goto(`/task/${design}`);
    await page.getByRole('combobox', { name: /^Task that RDM-\d+ is blocked by$/ }).fill('Write the docs');
    await page.getByRole('option', { name: /^RDM-\d+ Write the docs$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toContainText(
      /This would make a loop: (RDM-\d+) → RDM-\d+ → RDM-\d+ → \1\./,
    );
    await expect(page.getByRole('list', { name: 'Is blocked by', exact: true })).toHaveCount(0);
    expect(await blocksOf(page, docs)).toEqual([]);
  });
});

test.describe('dependencies on the timeline at 390 px, dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('a task of the week list blocks another through its menu', async ({ page, mail, baseURL }) => {
    const bo = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Bo',
      lastname: 'Planner',
      organization: 'Dependencies dark',
    });
    const { projectId, design, build } = await twoPlannedTasks(page, baseURL, bo.organizationId);
    await page.goto(`/project/${projectId}/timeline`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const weeks = page.getByRole('region', { name: 'Timeline by week' });
    await expect(weeks.getByText(/ · starts before /)).toHaveCount(0);

    const more = weeks.getByRole('button', { name: /^More for RDM-\d+ Design the flow$/ });
    await more.click();
    await page.getByRole('menuitem', { name: 'Add dependency…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add dependency' });
    await dialog.getByRole('combobox', { name: 'Blocks' }).selectOption(build);
    await page.screenshot({ path: test.info().outputPath('timeline-dependency-dark-390.png') });
    await dialog.getByRole('button', { name: 'Add dependency' }).click();
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();
    // Build starts before Design ends: the list says so, at once and after a reload.
    await expect(weeks.getByText(/ · starts before RDM-\d+ ends$/)).toBeVisible();
    await expect.poll(() => blocksOf(page, design)).toEqual([build]);
    await page.reload();
    await expect(weeks.getByText(/ · starts before RDM-\d+ ends$/)).toBeVisible();
  });
});
