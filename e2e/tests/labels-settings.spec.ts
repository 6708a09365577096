import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { callApi, createTask } from './planning-support.ts';

interface TaskLabels {
  labels: Array<{ name: string; color: string }>;
}

test.describe('labels in the organization settings', () => {
  test('create, refuse a duplicate, rename, recolour, and delete a label through its confirmation', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Lea',
      lastname: 'Labeller',
      organization: 'Tag Works',
    });
    const { projectId, taskId } = await createProjectWithTask(page, baseURL, user.organizationId, {
      project: 'Site',
      trigram: 'SIT',
      task: 'Fix the header',
    });

    // Reached from the settings' navigation.
    await page.goto('/settings/profile');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Labels of Tag Works' })
      .click();
    await expect(page.getByRole('heading', { name: 'Labels of Tag Works' })).toBeVisible();
    await expect(page.getByText('No labels yet.')).toBeVisible();

    // Create "Bug" in red.
    const form = page.getByRole('form', { name: 'New label' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Bug');
    await form.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Red' }).click();
    await form.getByRole('button', { name: 'Create label' }).click();
    await expect(page.getByText('The label “Bug” has been created.')).toBeVisible();
    const table = page.getByRole('table', { name: 'Labels' });
    await expect(table.getByRole('textbox', { name: 'Name of the label Bug' })).toHaveValue('Bug');
    await expect(table.getByRole('combobox', { name: 'Colour of the label Bug' })).toHaveValue('Red');

    // The same name in other letters is refused, in the server's words, and nothing is added.
    await form.getByRole('textbox', { name: 'Name' }).fill('bug');
    await form.getByRole('button', { name: 'Create label' }).click();
    await expect(form.getByText(/already/i)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    // Two tasks carry it.
    const labelId = (
      (await (await page.request.get(`/api/organizations/${user.organizationId}/labels`)).json()) as Array<{
        label_id: string;
      }>
    )[0]!.label_id;
    const other = await createTask(page, baseURL, projectId, {
      title: 'Fix the footer',
      label_ids: [labelId],
    });
    await callApi(page, baseURL, 'PUT', `/api/tasks/${taskId}/labels`, { label_ids: [labelId] });
    await page.reload();
    await expect(table.getByLabel('On 2 tasks')).toBeVisible();

    // Rename in place: Enter saves.
    const name = table.getByRole('textbox', { name: 'Name of the label Bug' });
    await name.fill('Defect');
    await name.press('Enter');
    await expect(page.getByText('The label has been renamed “Defect”.')).toBeVisible();
    await expect(table.getByRole('textbox', { name: 'Name of the label Defect' })).toHaveValue('Defect');

    // Recolour from the palette.
    await table.getByRole('combobox', { name: 'Colour of the label Defect' }).click();
    await page.getByRole('option', { name: 'Teal' }).click();
    await expect(table.getByRole('combobox', { name: 'Colour of the label Defect' })).toHaveValue('Teal');

    // The tasks show the new name and colour.
    const taskLabels = async (id: string) =>
      ((await (await page.request.get(`/api/tasks/${id}`)).json()) as TaskLabels).labels;
    await expect
      .poll(() => taskLabels(taskId))
      .toEqual([expect.objectContaining({ name: 'Defect', color: 'teal' })]);
    await page.reload();
    await expect(table.getByRole('combobox', { name: 'Colour of the label Defect' })).toHaveValue('Teal');

    // Deleting asks first, saying how many tasks carry it; Cancel keeps it.
    await table.getByRole('button', { name: 'Delete the label Defect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the label “Defect”?' });
    await expect(dialog).toContainText('“Defect” is on 2 tasks. Deleting it removes it from all of them');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('textbox', { name: 'Name of the label Defect' })).toBeVisible();

    await table.getByRole('button', { name: 'Delete the label Defect' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The label “Defect” has been deleted.')).toBeVisible();
    await expect(page.getByText('No labels yet.')).toBeVisible();
    expect(await taskLabels(taskId)).toEqual([]);
    expect(await taskLabels(other)).toEqual([]);

    // The list no longer shows it either.
    await page.goto(`/project/${projectId}/list`);
    await expect(page.getByRole('row', { name: /Fix the header/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Labels' })).toHaveCount(0);
  });
});
