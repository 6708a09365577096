import type { Page } from '@playwright/test';

/** A project and a task in it, made through the API with the page's signed-in session. */
export async function createProjectWithTask(
  page: Page,
  baseURL: string,
  organizationId: string,
  names: { project: string; trigram: string; task: string },
): Promise<{ projectId: string; taskId: string; reference: number }> {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: names.project, trigram: names.trigram, organization_id: organizationId },
  });
  if (project.status() !== 201) throw new Error(`project-create failed: ${await project.text()}`);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, {
    headers,
    data: { title: names.task },
  });
  if (task.status() !== 201) throw new Error(`task-create failed: ${await task.text()}`);
  const { task_id: taskId, reference } = (await task.json()) as { task_id: string; reference: number };
  return { projectId, taskId, reference };
}

/** A tiny valid PNG (1×1, red), made here so the test needs no fixture file. */
export const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
