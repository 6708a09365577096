import { expect, type Locator, type Page } from '@playwright/test';

/** Calls the API as the page's signed-in person, from the app's own origin, and answers the JSON. */
export async function api<T = unknown>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: { origin: baseURL }, data });
  if (!response.ok())
    throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function createProject(
  page: Page,
  baseURL: string,
  organizationId: string,
  name: string,
  trigram: string,
): Promise<string> {
  const project = await api<{ project_id: string }>(page, baseURL, 'POST', '/api/projects', {
    name,
    trigram,
    organization_id: organizationId,
  });
  return project.project_id;
}

export async function createTask(
  page: Page,
  baseURL: string,
  projectId: string,
  data: { title: string; status?: string; assignee_id?: string; description?: string },
): Promise<string> {
  const task = await api<{ task_id: string }>(
    page,
    baseURL,
    'POST',
    `/api/projects/${projectId}/tasks`,
    data,
  );
  return task.task_id;
}

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
export const paletteInput = (page: Page) => palette(page).getByRole('textbox', { name: 'Search' });

/** A group of the palette's results (Tasks, Projects, People, Actions). */
export const paletteGroup = (page: Page, name: string) => palette(page).getByRole('group', { name });

/** Opens the palette with Ctrl+K and waits until it takes the typing. */
export async function openPaletteWithKeys(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K');
  await expect(paletteInput(page)).toBeFocused();
  return palette(page);
}
