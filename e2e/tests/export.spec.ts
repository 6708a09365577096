import { readFile } from 'node:fs/promises';
import { organizationExportSchema, projectExportSchema } from '@figgle/shared/project-export-schemas';
import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** A project with a labelled task that has a comment, and a task whose title is a formula. */
async function seedProject(page: Page, baseURL: string, organizationId: string) {
  const headers = { origin: baseURL };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const { project_id } = await post('/api/projects', {
    name: 'Harbour',
    trigram: 'HBR',
    organization_id: organizationId,
  });
  const { label_id } = await post(`/api/organizations/${organizationId}/labels`, {
    name: 'Dock',
    color: 'teal',
  });
  const { task_id } = await post(`/api/projects/${project_id}/tasks`, {
    title: 'Paint the crane, "blue" ⚓',
    priority: 'HIGH',
    due_on: '2026-12-24',
    label_ids: [label_id],
  });
  await post(`/api/tasks/${task_id}/comments`, { content_json: { ops: [{ insert: 'Needs two coats\n' }] } });
  await post(`/api/tasks/${task_id}/checklist`, { text: 'Buy paint' });
  await post(`/api/projects/${project_id}/tasks`, { title: '=HYPERLINK("http://evil.test")' });
  return project_id as string;
}

async function saved(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

test.describe('export', () => {
  test('the project downloads as CSV and as JSON from project settings', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Exa',
      lastname: 'Porter',
      organization: 'Docks',
    });
    const projectId = await seedProject(page, baseURL, user.organizationId);
    await page.goto(`/project/${projectId}/list`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await expect(settings.getByRole('heading', { name: 'Export' })).toBeVisible();

    const csvDownload = page.waitForEvent('download');
    await settings.getByRole('button', { name: 'Download CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^HBR-Harbour-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await saved(csvFile);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFReference,Title,Status,Assignee email,Due date,Start date,Priority,Estimate,Parent,Blocked by,Milestone,Cycle,Labels,Description,Created,Updated',
    );
    // Quoted where a comma or quote sits in the cell, quotes doubled (RFC 4180).
    expect(lines[1]).toMatch(
      /^HBR-1,"Paint the crane, ""blue"" ⚓",To Do,,2026-12-24,,High,,,,,,Dock,,\d{4}-/,
    );
    // The formula arrives as text: a spreadsheet shows it and does not run it.
    expect(lines[2]).toMatch(/^HBR-2,"'=HYPERLINK\(""http:\/\/evil\.test""\)",To Do,/);

    const jsonDownload = page.waitForEvent('download');
    await settings.getByRole('button', { name: 'Download JSON' }).click();
    const jsonFile = await jsonDownload;
    expect(jsonFile.suggestedFilename()).toMatch(/^HBR-Harbour-\d{4}-\d{2}-\d{2}\.json$/);
    const file = projectExportSchema.parse(JSON.parse(await saved(jsonFile)));
    expect(file.project).toMatchObject({ name: 'Harbour', trigram: 'HBR' });
    expect(file.labels).toEqual([{ id: expect.any(String), name: 'Dock', color: 'teal' }]);
    const [task] = file.tasks;
    expect(task).toMatchObject({
      title: 'Paint the crane, "blue" ⚓',
      priority: 'HIGH',
      due_on: '2026-12-24',
    });
    expect(task!.comments[0]!.content).toEqual({ ops: [{ insert: 'Needs two coats\n' }] });
    expect(task!.checklist.map((item) => item.text)).toEqual(['Buy paint']);
    expect(file.members).toEqual([
      { id: expect.any(String), firstname: 'Exa', lastname: 'Porter', email: user.email, role: 'OWNER' },
    ]);
  });

  test('the owner downloads the whole organization from its settings', async ({ page, mail, baseURL }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Olga',
      lastname: 'Owner',
      organization: 'Whole Fleet',
    });
    await seedProject(page, baseURL, user.organizationId);
    await page.goto(`/settings/organization/${user.organizationId}`);
    const exportButton = page.getByRole('button', { name: 'Export organization' });
    await expect(exportButton).toBeVisible();

    const download = page.waitForEvent('download');
    await exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^figgle-Whole-Fleet-\d{4}-\d{2}-\d{2}\.json$/);
    const organization = organizationExportSchema.parse(JSON.parse(await saved(file)));
    expect(organization.organization.name).toBe('Whole Fleet');
    expect(organization.members.map((person) => person.email)).toEqual([user.email]);
    expect(organization.projects.map((project) => project.project.name)).toEqual(['Harbour']);
    expect(organization.projects[0]!.tasks.map((task) => task.title)).toContain('Paint the crane, "blue" ⚓');
  });
});
