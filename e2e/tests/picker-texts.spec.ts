import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LAYOUTS } from '../support/looks.ts';

// Issue 39, item 20: every picker follows the spec's rule (docs/product.md#shared-widgets): "Select
// ..." while nothing is chosen, "None" when what was typed matches nothing, and "None" for the choice
// of nobody. Opened one by one: the project of "Add a task" on My tasks, the add-task dialog's
// assignee and labels, the search filters and the time zone. At 1440 px light and dark, and 390 px.

const SELECT = 'Select ...';

/** Typing what no option holds leaves the open list saying "None". */
async function expectNoneFor(page: Page, picker: Locator) {
  await picker.click();
  await picker.fill('zzqx');
  await expect(page.getByText('None', { exact: true }).filter({ visible: true })).toBeVisible();
  await picker.press('Escape');
}

for (const layout of LAYOUTS) {
  test.describe(`pickers at ${layout.name}`, () => {
    test.use({ colorScheme: layout.colorScheme, viewport: layout.viewport });

    test('every picker says "Select ..." when empty and "None" when nothing matches', async ({
      page,
      mail,
      baseURL,
    }) => {
      const user = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Pia',
        lastname: 'Picker',
        organization: 'Pickers',
      });
      const created = await page.request.post('/api/projects', {
        headers: { origin: baseURL },
        data: { name: 'Chooser', trigram: 'CHO', organization_id: user.organizationId },
      });
      expect(created.status()).toBe(201);

      // My tasks' "Add a task" first asks for the project.
      await page.goto('/my-tasks');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', layout.colorScheme);
      await page.getByRole('button', { name: 'Add a task' }).click();
      const asking = page.getByRole('dialog', { name: 'Add a task' });
      const project = asking.getByRole('combobox', { name: 'Project' });
      await expect(project).toHaveAttribute('placeholder', SELECT);
      await expectNoneFor(page, project);
      await project.fill('Choo');
      await page.getByRole('option', { name: 'Chooser (CHO)' }).click();
      await asking.getByRole('button', { name: 'Next' }).click();

      // The add-task dialog's own pickers: assignee and labels.
      const form = page.getByRole('dialog', { name: 'Add a task' });
      const assignee = form.getByRole('combobox', { name: 'Assignee' });
      await expect(assignee).toHaveAttribute('placeholder', SELECT);
      await expectNoneFor(page, assignee);
      const labels = form.getByRole('combobox', { name: 'Labels' });
      await expect(labels).toHaveAttribute('placeholder', SELECT);
      // The organization has no label yet: the open list says "None".
      await labels.click();
      await expect(page.getByText('None', { exact: true }).filter({ visible: true })).toBeVisible();
      await labels.press('Escape');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();

      // The search page's filters: project, status and assignee, whose "nobody" choice is "None".
      await page.goto('/search?q=logo');
      for (const name of ['Project', 'Status', 'Assignee']) {
        await expect(page.getByRole('combobox', { name, exact: true })).toHaveAttribute(
          'placeholder',
          SELECT,
        );
      }
      await expectNoneFor(page, page.getByRole('combobox', { name: 'Project', exact: true }));
      const searchAssignee = page.getByRole('combobox', { name: 'Assignee', exact: true });
      await expectNoneFor(page, searchAssignee);
      await searchAssignee.fill('');
      await searchAssignee.click();
      await page.getByRole('option', { name: 'None', exact: true }).click();
      await expect(page).toHaveURL(/assignee=none/);
      await expect(searchAssignee).toHaveValue('None');

      // The time zone always has one chosen; a name no zone has says "None".
      await page.goto('/settings/notifications');
      await expectNoneFor(page, page.getByRole('combobox', { name: 'Time zone' }));
    });
  });
}
