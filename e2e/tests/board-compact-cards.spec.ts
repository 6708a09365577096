import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { inEachLook } from '../support/looks.ts';
import { seedProject } from './filters-support.ts';
import { callApi, createLabel } from './planning-support.ts';

// Issue 39, item 9: on a project's own board a card leaves out the project's name (the board is the
// project) and the status (the column says it), keeping the spec's reference, title, assignee
// picker, comment count and created time on three short lines, so a column about 600 px high shows
// at least 5 cards (3½ before); labels wrap instead of shrinking to a letter; each column's head has
// a "+" that opens Add a task with that column's status. Light at 1440 px, dark at 390 px.

const PROJECT = 'Touchpad interactions';
const LABELS = ['Backend', 'Bugfix', 'Browser', 'Billing'] as const;

/** How many cards of a column lie wholly inside its scroll box, and the box's height. */
function cardsInView(page: Page, column: string) {
  return page
    .getByRole('region', { name: column })
    .locator('ul')
    .first()
    .evaluate((list) => {
      const box = (list.parentElement as HTMLElement).getBoundingClientRect();
      const whole = [...list.querySelectorAll('article')].filter((card) => {
        const rect = card.getBoundingClientRect();
        return rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
      }).length;
      return { whole, height: box.height };
    });
}

inEachLook('compact board cards', ({ scheme, width }) => {
  test('cards leave out the board’s project, labels wrap, and a column’s "+" adds to it', async ({
    page,
    mail,
    baseURL,
  }) => {
    const cora = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Cora',
      lastname: 'Compact',
      organization: `Cards ${scheme}`,
    });
    const { projectId, ids } = await seedProject(page, baseURL, cora.organizationId, {
      name: PROJECT,
      trigram: 'TCH',
      tasks: [
        ...Array.from({ length: 9 }, (_, index) => ({ title: `Task ${index + 1}`, mine: index === 0 })),
        { title: 'Labelled', status: 'DOING' },
      ],
    });
    const labelIds: string[] = [];
    for (const name of LABELS)
      labelIds.push(await createLabel(page, baseURL, cora.organizationId, name, 'blue'));
    await callApi(page, baseURL, 'PUT', `/api/tasks/${ids.Labelled}/labels`, { label_ids: labelIds });

    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const card = page.getByRole('article', { name: '#1 Task 1' });
    await expect(card).toBeVisible();
    // The spec's fields stay: reference, title, assignee picker, comments, created time.
    await expect(card.getByText('#1', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Task 1' })).toBeVisible();
    await expect(card.getByRole('combobox', { name: 'Assignee of Task 1' })).toContainText('Cora Compact');
    await expect(card.getByRole('img', { name: '0 comments' })).toBeVisible();
    await expect(card.getByText(/ago$|^just now$/)).toBeVisible();
    // What the board and the column already say is not repeated.
    await expect(card).not.toContainText(PROJECT);
    await expect(card).not.toContainText('To Do');

    // A column about 600 px high (the window less the page's head) shows at least 5 whole cards.
    const inView = await cardsInView(page, 'To Do');
    expect(inView.height).toBeGreaterThan(500);
    expect(inView.whole).toBeGreaterThanOrEqual(5);
    // Nothing of the board hides past the right edge of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Three labels and "+1" wrap inside the card, each name whole.
    const labelled = page.getByRole('article', { name: '#10 Labelled' });
    const chips = labelled.getByRole('list', { name: 'Labels' }).getByRole('listitem');
    await expect(chips).toHaveCount(4);
    await expect(chips.last()).toHaveText(/^\+1/);
    const cardBox = (await labelled.boundingBox())!;
    for (const [index, chip] of (await chips.all()).entries()) {
      // A label's name is whole, not cut to "B…" (the "+1" has no name of its own).
      if (index < 3) {
        const name = chip.locator('span').last();
        expect(await name.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
      }
      const box = (await chip.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    }
    await page.screenshot({ path: test.info().outputPath(`board-${scheme}-${width}.png`) });

    // The "+" at Doing's head opens Add a task with Doing chosen; the task lands in Doing.
    const doing = page.getByRole('region', { name: 'Doing' });
    await doing.getByRole('button', { name: 'Add a task to Doing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a task' });
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Started at once');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(doing.getByRole('article', { name: '#11 Started at once' })).toBeVisible();

    // The page's own "Add a task" still starts at To Do, whatever a column's "+" chose before.
    await page.getByRole('button', { name: 'Add a task', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('To Do');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // My tasks gathers every project's tasks: there the card keeps its project's name.
    await page.goto('/my-tasks');
    await expect(page.getByRole('article', { name: 'TCH-1 Task 1' })).toContainText(PROJECT);
  });
});
