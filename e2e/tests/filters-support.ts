import { expect, type Page } from '@playwright/test';

interface SeedTask {
  title: string;
  status?: 'TODO' | 'DOING' | 'DONE' | 'ARCHIVE';
  /** Given to the signed-in person. */
  mine?: boolean;
}

/** The signed-in person's user id. */
async function myUserId(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { user_id: string }).user_id;
}

/** A project with these tasks, created in this order through the API; answers the ids by title. */
export async function seedProject(
  page: Page,
  baseURL: string,
  organizationId: string,
  { name, trigram, tasks }: { name: string; trigram: string; tasks: SeedTask[] },
) {
  const headers = { origin: baseURL };
  const me = await myUserId(page);
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name, trigram, organization_id: organizationId },
  });
  expect(project.status()).toBe(201);
  const { project_id } = (await project.json()) as { project_id: string };
  const ids: Record<string, string> = {};
  for (const task of tasks) {
    const created = await page.request.post(`/api/projects/${project_id}/tasks`, {
      headers,
      data: { title: task.title, status: task.status ?? 'TODO', assignee_id: task.mine ? me : null },
    });
    expect(created.status()).toBe(201);
    ids[task.title] = ((await created.json()) as { task_id: string }).task_id;
  }
  return { projectId: project_id, ids };
}

/** The titles of the task list's rows, top to bottom (reference left out). */
export async function rowTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('row')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.textContent ?? '').replace(/^#\d+/, '').trim()));
}

/** The "Filters" button (its name says how many filters are on), not "Clear filters". */
export const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });

/** Opens the filters' popover and answers it. */
export async function openFilters(page: Page) {
  await filtersButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Filters' });
  await expect(popover).toBeVisible();
  return popover;
}

/**
 * Watches, in the page, the element `selector` finds: when it starts fading (its CSS animation is
 * the filters' fade-out), how many frames drew it fading, and when it left the page. Read the answer
 * with `fadeSeen`.
 *
 * Frames, not milliseconds, prove the fade: on a loaded machine one render can take most of the
 * fade's 250 ms, so a gap between two timestamps says more about the machine than about Figgle.
 */
export async function watchFadeOut(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const seen = { fadedAt: 0, goneAt: 0, fadingFrames: 0 };
    (window as unknown as { fadeSeen: typeof seen }).fadeSeen = seen;
    const fading = (element: Element | null) =>
      element !== null && getComputedStyle(element).animationName.includes('filter-leave');
    const check = () => {
      const element = document.querySelector(selector);
      if (!seen.fadedAt && fading(element)) seen.fadedAt = performance.now();
      if (!element && seen.fadedAt && !seen.goneAt) seen.goneAt = performance.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
    // A frame callback runs just before the frame is painted: what it finds is what was drawn.
    const everyFrame = () => {
      if (fading(document.querySelector(selector))) seen.fadingFrames += 1;
      if (!seen.goneAt) requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  }, selector);
}

export function fadeSeen(page: Page): Promise<{ fadedAt: number; goneAt: number; fadingFrames: number }> {
  return page.evaluate(
    () =>
      (window as unknown as { fadeSeen: { fadedAt: number; goneAt: number; fadingFrames: number } }).fadeSeen,
  );
}
