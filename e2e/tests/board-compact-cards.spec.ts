import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// Issue 39, item 9: on a project's own board a card leaves out the project's name (the board is the
// project) and the status (the column says it), keeping the spec's reference, title, assignee
// picker, comment count and created time on three short lines; each column's head has a "+" that
// adds a task to that column. Checked at 1440 px in light and dark mode, and at 390 px.

const LAYOUTS = [
  { name: '1440 px, light', colorScheme: 'light', viewport: { width: 1440, height: 900 } },
  { name: '1440 px, dark', colorScheme: 'dark', viewport: { width: 1440, height: 900 } },
  { name: '390 px, light', colorScheme: 'light', viewport: { width: 390, height: 844 } },
] as const;

const PROJECT = 'Touchpad interactions';
/** A card with a one-line title was 170 px tall before (3.4 cards in a 600 px column); now about 96. */
const MAX_CARD_HEIGHT = 110;

/** A project of `count` tasks, the first assigned to the signed-in person. */
async function seedProject(page: Page, baseURL: string, organizationId: string, count: number) {
  const headers = { origin: baseURL };
  const me = (await (await page.request.get('/api/me')).json()) as { user_id: string };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: PROJECT, trigram: 'TCH', organization_id: organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  for (let index = 1; index <= count; index++) {
    const task = await page.request.post(`/api/projects/${project_id}/tasks`, {
      headers,
      data: { title: `Task ${index}`, assignee_id: index === 1 ? me.user_id : null },
    });
    expect(task.status()).toBe(201);
  }
  return project_id;
}

/** How many cards of a column are wholly inside its scroll box. */
function wholeCardsInView(page: Page, column: string): Promise<number> {
  return page
    .getByRole('region', { name: column })
    .locator('ul')
    .evaluate((list) => {
      const box = (list.parentElement as HTMLElement).getBoundingClientRect();
      return [...list.querySelectorAll('article')].filter((card) => {
        const rect = card.getBoundingClientRect();
        return rect.top >= box.top && rect.bottom <= box.bottom;
      }).length;
    });
}

for (const layout of LAYOUTS) {
  test.describe(`board cards at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport });

    test('a card on its own board leaves out the project and is compact; My tasks still names it', async ({
      page,
      mail,
      baseURL,
    }) => {
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Cora',
        lastname: 'Compact',
        organization: 'Cards',
      });
      const projectId = await seedProject(page, baseURL, user.organizationId, 12);
      await page.goto(`/project/${projectId}/kanban`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);

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

      const height = (await card.boundingBox())!.height;
      expect(height).toBeLessThanOrEqual(MAX_CARD_HEIGHT);
      // 3 whole cards fitted before; the column now shows at least 4 at 390 px and 5 at 1440 px.
      expect(await wholeCardsInView(page, 'To Do')).toBeGreaterThanOrEqual(
        layout.viewport.width > 600 ? 5 : 4,
      );
      // Nothing of the board hides past the right edge of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        layout.viewport.width,
      );

      // My tasks gathers every project's tasks: there the card keeps its project's name.
      await page.goto('/my-tasks');
      await expect(page.getByRole('article', { name: 'TCH-1 Task 1' })).toContainText(PROJECT);
    });

    test('the "+" at a column\'s head adds a task to that column', async ({ page, mail, baseURL }) => {
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Paul',
        lastname: 'Plus',
        organization: 'Columns',
      });
      const projectId = await seedProject(page, baseURL, user.organizationId, 1);
      await page.goto(`/project/${projectId}/kanban`);
      await expect(page.getByRole('article', { name: '#1 Task 1' })).toBeVisible();

      const doing = page.getByRole('region', { name: 'Doing' });
      await doing.getByRole('button', { name: 'Add a task to Doing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a task' });
      await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('Doing');
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Started at once');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      await expect(doing.getByRole('article', { name: '#2 Started at once' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'To Do' }).getByRole('article')).toHaveCount(1);

      // The header's "Add a task" still starts in To Do, whatever a column's "+" chose before.
      await page.getByRole('button', { name: 'Add a task', exact: true }).click();
      await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('To Do');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // Saved: after a reload the task is still in Doing.
      await page.reload();
      await expect(doing.getByRole('article', { name: '#2 Started at once' })).toBeVisible();
    });
  });
}
