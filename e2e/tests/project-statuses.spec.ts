import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { dragToColumnEnd } from '../support/board-cards.ts';
import { expect, test } from '../support/fixtures.ts';
import { liftFocusedCard } from '../support/keyboard.ts';
import { inEachLook } from '../support/looks.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { createTask } from './planning-support.ts';

const columnNames = (page: Page) =>
  page
    .getByRole('region')
    // The board's columns: each says how many tasks it shows.
    .filter({ has: page.getByLabel(/^\d+ tasks$/) })
    .evaluateAll((regions) => regions.map((region) => region.querySelector('h2')?.textContent ?? ''));

inEachLook('statuses per project', ({ scheme, width }) => {
  test('"In review" is added between Doing and Done and takes a card; a used status is removed, its tasks moved', async ({
    page,
    mail,
    baseURL,
  }) => {
    const rae = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rae',
      lastname: 'Viewer',
      organization: `Statuses ${scheme}`,
    });
    const { projectId } = await createProjectWithTask(page, baseURL, rae.organizationId, {
      project: 'Icons',
      trigram: 'ICO',
      task: 'Draw the icons',
    });
    await createTask(page, baseURL, projectId, { title: 'Check the icons', status: 'DOING' });

    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect.poll(() => columnNames(page)).toEqual(['To Do', 'Doing', 'Done', 'Archive']);

    // Project settings → Statuses: a Started status lands before Done.
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    const statuses = settings.getByRole('region', { name: 'Statuses' });
    await statuses.getByRole('textbox', { name: 'New status' }).fill('In review');
    await statuses.getByRole('button', { name: 'Add status' }).click();
    await expect
      .poll(() =>
        statuses.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
      )
      .toEqual(['To Do', 'Doing', 'In review', 'Done', 'Archive']);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // The board shows its column in that place, and a card goes into it.
    await expect.poll(() => columnNames(page)).toEqual(['To Do', 'Doing', 'In review', 'Done', 'Archive']);
    const review = page.getByRole('region', { name: 'In review' });
    const card = page.getByRole('article', { name: /Check the icons$/ });
    if (width > 1000) {
      await dragToColumnEnd(page, card, review);
    } else {
      // On a phone the columns scroll sideways: the card moves by keyboard, one column right.
      await page.getByRole('button', { name: 'Move Check the icons' }).focus();
      await liftFocusedCard(page);
      await page.keyboard.press('ArrowRight');
      await expect(review.getByRole('article', { name: /Check the icons$/ })).toBeVisible();
      await page.keyboard.press('Space');
      await expect(page.locator('[data-dragging]')).toHaveCount(0);
    }
    await expect(review.getByRole('article', { name: /Check the icons$/ })).toBeVisible();
    await expect
      .poll(async () => {
        const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as Array<{
          title: string;
          status: string;
        }>;
        return tasks.find((task) => task.title === 'Check the icons')?.status;
      })
      .toBe('IN_REVIEW');

    await page.screenshot({
      path: test.info().outputPath(`statuses-board-${scheme}.png`),
      animations: 'disabled',
    });

    // Removing To Do, which a task uses, asks where it goes and says how many.
    await page.getByRole('button', { name: 'Project settings' }).click();
    await statuses.getByRole('button', { name: 'Remove To Do' }).click();
    const question = page.getByRole('dialog', { name: 'Remove “To Do”' });
    await expect(question.getByText('1 task is in “To Do”.', { exact: false })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`statuses-remove-${scheme}.png`),
      animations: 'disabled',
    });
    await question.getByRole('combobox', { name: 'Move its tasks to' }).selectOption({ label: 'Doing' });
    await question.getByRole('button', { name: 'Move 1 task and remove' }).click();
    await expect(question).toBeHidden();
    await expect
      .poll(() =>
        statuses.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
      )
      .toEqual(['Doing', 'In review', 'Done', 'Archive']);
    await page.keyboard.press('Escape');
    await expect.poll(() => columnNames(page)).toEqual(['Doing', 'In review', 'Done', 'Archive']);
    await expect(
      page.getByRole('region', { name: 'Doing' }).getByRole('article', { name: /Draw the icons$/ }),
    ).toBeVisible();
  });
});
