import type { Page } from '@playwright/test';

/** A project, made through the API with the page's signed-in session; answers its id. */
export async function createProject(
  page: Page,
  baseURL: string,
  organizationId: string,
  name: string,
  trigram: string,
): Promise<string> {
  const project = await page.request.post('/api/projects', {
    headers: { origin: baseURL },
    data: { name, trigram, organization_id: organizationId },
  });
  if (project.status() !== 201) throw new Error(`project-create failed: ${await project.text()}`);
  return ((await project.json()) as { project_id: string }).project_id;
}

/** A project and a task in it, made through the API with the page's signed-in session. */
export async function createProjectWithTask(
  page: Page,
  baseURL: string,
  organizationId: string,
  names: { project: string; trigram: string; task: string },
): Promise<{ projectId: string; taskId: string; reference: number }> {
  const projectId = await createProject(page, baseURL, organizationId, names.project, names.trigram);
  const { task_id: taskId, reference } = await postTask(page, baseURL, projectId, { title: names.task });
  return { projectId, taskId, reference };
}

/** A task made through the API in `projectId` from `data` (its title, parent, …): its id and reference. */
export async function postTask(
  page: Page,
  baseURL: string,
  projectId: string,
  data: Record<string, unknown>,
): Promise<{ task_id: string; reference: number }> {
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers: { origin: baseURL },
    data,
  });
  if (task.status() !== 201) throw new Error(`task-create failed: ${await task.text()}`);
  return (await task.json()) as { task_id: string; reference: number };
}

/** A tiny valid PNG (1×1, red), made here so the test needs no fixture file. */
export const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
