import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { createProjectWithTask } from '../support/task-page-setup.ts';

/** A day counted from today on this machine's calendar (the browser runs on the same clock and zone). */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Calls the API as the page's signed-in person, from the app's own origin. */
export async function callApi<T = unknown>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: { origin: baseURL }, data });
  if (!response.ok())
    throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? null : await response.json()) as T;
}

export async function createLabel(
  page: Page,
  baseURL: string,
  organizationId: string,
  name: string,
  color: string,
): Promise<string> {
  const label = await callApi<{ label_id: string }>(
    page,
    baseURL,
    'POST',
    `/api/organizations/${organizationId}/labels`,
    { name, color },
  );
  return label.label_id;
}

export async function createTask(
  page: Page,
  baseURL: string,
  projectId: string,
  data: Record<string, unknown>,
): Promise<string> {
  const task = await callApi<{ task_id: string }>(
    page,
    baseURL,
    'POST',
    `/api/projects/${projectId}/tasks`,
    data,
  );
  return task.task_id;
}

/**
 * The element's picture in the current colour scheme and width, kept beside the test's results, and
 * no serious colour-contrast finding in it (the marks say "Overdue" in white on red, chips use their
 * colour's light shade).
 */
export async function pictureWithContrastCheck(page: Page, element: Locator, name: string, path: string) {
  await element.screenshot({ path, animations: 'disabled' });
  const selector = await element.evaluate((node) => {
    node.setAttribute('data-picture', 'yes');
    return '[data-picture="yes"]';
  });
  const results = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
  await element.evaluate((node) => node.removeAttribute('data-picture'));
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.flatMap((violation) => violation.nodes.map((node) => `${name}: ${node.failureSummary}`)),
  ).toEqual([]);
}

/** The titles of the list's rows, top to bottom. */
export async function rowTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .evaluateAll((rows) =>
      rows.map((row) => (row.querySelector('a')?.textContent ?? '').replace(/^#\d+/, '').trim()),
    );
}

/** Two planned tasks, not yet related: Design (days 1–3) and Build (days 2–6). */
export async function twoPlannedTasks(page: Page, baseURL: string, organizationId: string) {
  const { projectId, taskId: docs } = await createProjectWithTask(page, baseURL, organizationId, {
    project: 'Roadmap',
    trigram: 'RDM',
    task: 'Write the docs',
  });
  const design = await createTask(page, baseURL, projectId, {
    title: 'Design the flow',
    due_on: dayFromToday(3),
  });
  await callApi(page, baseURL, 'PATCH', `/api/tasks/${design}`, { start_date: dayFromToday(1) });
  const build = await createTask(page, baseURL, projectId, {
    title: 'Build the flow',
    due_on: dayFromToday(6),
  });
  await callApi(page, baseURL, 'PATCH', `/api/tasks/${build}`, { start_date: dayFromToday(2) });
  return { projectId, design, build, docs };
}
