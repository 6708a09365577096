import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { createLabel } from './planning-support.ts';

test('labels typed in the Add a task dialog: Enter picks or creates the label, the dialog stays, typing goes on', async ({
  page,
  mail,
  baseURL,
}) => {
  const user = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Kim',
    lastname: 'Keys',
    organization: 'Keyboard Co',
  });
  const { projectId } = await createProjectWithTask(page, baseURL, user.organizationId, {
    project: 'Typing',
    trigram: 'TYP',
    task: 'First task',
  });
  await createLabel(page, baseURL, user.organizationId, 'Backend', 'blue');

  await page.goto(`/project/${projectId}/list`);
  await page.getByRole('button', { name: 'Add a task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Keyboard only');
  const labels = dialog.getByRole('combobox', { name: 'Labels' });

  // An existing label: its first letters and Enter.
  await labels.click();
  await page.keyboard.type('Back');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Backend', { exact: true })).toBeVisible();

  // A new one: its name and Enter create it; the next name can be typed at once.
  await page.keyboard.type('Frontend');
  await expect(page.getByRole('option', { name: 'Create label "Frontend"' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Frontend', { exact: true })).toBeVisible();
  await expect(labels).toBeFocused();
  await page.keyboard.type('Docs');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Docs', { exact: true })).toBeVisible();

  // None of those Enters sent the form: the task is created with its three labels by Create.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Keyboard only/ });
  const chips = row.getByRole('list', { name: 'Labels' });
  await expect(chips).toContainText('Backend');
  await expect(chips).toContainText('Docs');
  await expect(chips).toContainText('Frontend');
  await expect(page.getByRole('row', { name: /Keyboard only/ })).toHaveCount(1);
});
