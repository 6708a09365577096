import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, test } from '../support/fixtures.ts';

test.describe('spec leftovers on the planning screens', () => {
  test('My tasks adds a task after asking for its project', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Mia',
      lastname: 'Mine',
      organization: 'Own work',
    });
    const project = await page.request.post('/api/projects', {
      headers: { origin: baseURL },
      data: { name: 'Garden', trigram: 'GRD', organization_id: user.organizationId },
    });
    const { project_id } = (await project.json()) as { project_id: string };

    await page.goto('/my-tasks');
    await page.getByRole('button', { name: 'Add a task' }).click();
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Garden (GRD)' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The project's own add-task dialog follows.
    await page.getByRole('textbox', { name: 'Title' }).fill('Water the roses');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`/project/${project_id}/list`);
    await expect(page.getByRole('link', { name: /Water the roses/ })).toBeVisible();
  });

  test('the project settings fill an emptied trigram from the name, as the add dialog does', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Tri',
      lastname: 'Gram',
      organization: 'Letters',
    });
    const project = await page.request.post('/api/projects', {
      headers: { origin: baseURL },
      data: { name: 'Orchard', trigram: 'ORC', organization_id: user.organizationId },
    });
    const { project_id } = (await project.json()) as { project_id: string };

    await page.goto(`/project/${project_id}/list`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const dialog = page.getByRole('dialog');
    const trigram = dialog.getByRole('textbox', { name: 'Trigram' });
    const name = dialog.getByRole('textbox', { name: 'Name' });

    // Emptied, then the name changes: the trigram follows the name.
    await trigram.fill('');
    await name.fill('Vineyard');
    await expect(trigram).toHaveValue('VIN');

    // Emptied and left: it takes the name's letters again rather than staying empty.
    await trigram.fill('');
    await trigram.blur();
    await expect(trigram).toHaveValue('VIN');

    // A trigram the person typed in full stays theirs.
    await trigram.fill('WIN');
    await name.fill('Winery');
    await expect(trigram).toHaveValue('WIN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/projects/${project_id}`)).json()) as {
      trigram: string;
    };
    expect(saved.trigram).toBe('WIN');
  });

  test("the onboarding stepper's earlier steps lead back to them", async ({ page, mail, baseURL }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Stepan',
      lastname: 'Back',
      organization: 'Steps',
    });
    await page.goto('/onboarding/step-3');
    await page.getByRole('button', { name: 'Organization' }).click();
    await expect(page).toHaveURL(/\/onboarding\/step-2$/);
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/onboarding\/step-1$/);
    await expect(page.getByRole('heading', { name: 'Hi! Who are you?' })).toBeVisible();

    // A step not reached yet does not open.
    await page.getByRole('button', { name: 'Welcome' }).click({ force: true });
    await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  });

  test("the add-project dialog says 'Sorry, something went wrong.' when the organizations cannot be read", async ({
    page,
    mail,
    baseURL,
  }) => {
    await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ora',
      lastname: 'Offline',
      organization: 'Unreadable',
    });
    await page.route('**/api/organizations', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
    );
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await expect(dialog.getByRole('alert')).toContainText('Sorry, something went wrong.', {
      timeout: 15_000,
    });
    await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveCount(0);

    // Once they can be read again, the choice is there.
    await page.unroute('**/api/organizations');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Organization' })).toBeVisible();
  });
});
