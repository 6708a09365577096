import type { ProjectExport } from '@figgle/shared/project-export-schemas';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

async function post<T>(page: Page, baseURL: string, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: { origin: baseURL }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** Titles, comments and labels of a project, read from its export (the same words whatever the ids). */
async function contents(page: Page, projectId: string) {
  const file = (await (
    await page.request.get(`/api/projects/${projectId}/export.json`)
  ).json()) as ProjectExport;
  const labels = new Map(file.labels.map((label) => [label.id, `${label.name} (${label.color})`]));
  return file.tasks
    .map((task) => ({
      title: task.title,
      status: task.status,
      labels: task.labels.map((id) => labels.get(id)),
      comments: task.comments.map((comment) => [comment.author_name, comment.content]),
      checklist: task.checklist.map((item) => item.text),
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

test.describe("importing Figgle's own export", () => {
  test('export a project as JSON, import it into a new project: the same tasks, comments and labels', async ({
    page,
    mail,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Rey',
      lastname: 'Round',
      organization: 'Trips',
    });
    const { project_id: projectId } = await post<{ project_id: string }>(page, baseURL, '/api/projects', {
      name: 'Harbour',
      trigram: 'HBR',
      organization_id: user.organizationId,
    });
    const { label_id } = await post<{ label_id: string }>(
      page,
      baseURL,
      `/api/organizations/${user.organizationId}/labels`,
      {
        name: 'Dock',
        color: 'teal',
      },
    );
    const { task_id } = await post<{ task_id: string }>(page, baseURL, `/api/projects/${projectId}/tasks`, {
      title: 'Paint the crane',
      status: 'DOING',
      label_ids: [label_id],
    });
    await post(page, baseURL, `/api/tasks/${task_id}/comments`, {
      content_json: { ops: [{ insert: 'Needs two coats\n' }] },
    });
    await post(page, baseURL, `/api/tasks/${task_id}/checklist`, { text: 'Buy paint' });
    await post(page, baseURL, `/api/projects/${projectId}/tasks`, { title: 'Sweep the quay' });

    // Export from the project settings.
    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const download = page.waitForEvent('download');
    await page
      .getByRole('dialog', { name: 'Project settings' })
      .getByRole('button', { name: 'Download JSON' })
      .click();
    const file = await (await download).path();

    // Import it from "Add a project".
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Add a project' }).click();
    await page
      .getByRole('dialog', { name: 'Add a project' })
      .getByRole('link', { name: 'Import from a file' })
      .click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'File to import' }).click();
    await (await chooser).setFiles(file!);
    // Read as soon as it is chosen: no second click.
    await expect(page.getByText('is a Figgle export.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name of the new project' }).fill('Harbour copy');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 90_000 });

    await page.getByRole('link', { name: 'Open the board' }).click();
    await expect(page.getByRole('heading', { name: 'Harbour copy' })).toBeVisible();
    await expect(page.getByText('Paint the crane', { exact: true })).toBeVisible();
    const copyId = /\/project\/([^/]+)\/kanban/.exec(page.url())![1]!;
    expect(copyId).not.toBe(projectId);
    expect(await contents(page, copyId)).toEqual(await contents(page, projectId));

    // The copied comment is marked: its author is only the name the file gave.
    await page.getByText('Paint the crane', { exact: true }).click();
    const comment = page.getByText('Needs two coats');
    await expect(comment).toBeVisible();
    await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  });
});
