import { signUpWithOrganization } from '@figgle/test-support/api-users';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/**
 * Opening a board from its address (docs/product.md#board): the page carries the person's session,
 * so it opens without asking for it; the columns hold their place while the cards load, and nothing
 * moves when they come.
 */

async function seedProject(page: Page, baseURL: string, organizationId: string, count: number) {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Steady', trigram: 'STD', organization_id: organizationId },
  });
  const { project_id } = (await project.json()) as { project_id: string };
  for (let i = 1; i <= count; i++) {
    await page.request.post(`/api/projects/${project_id}/tasks`, {
      headers,
      data: { title: `Steady task ${i}`, priority: 'HIGH', due_on: `2031-05-0${(i % 9) + 1}` },
    });
  }
  return project_id;
}

const COLUMNS = ['To Do', 'Doing', 'Done', 'Archive'];

/** Layout shifts the page had, as the browser scores them (no input to excuse them here). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => resolve(total));
      }),
  );
}

test.describe('a board opened from its address', () => {
  // No service worker: page.route sees the page's first reads, which the server announced.
  test.use({ serviceWorkers: 'block' });

  test('the columns hold their place while the cards load, and nothing moves when they come', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Stella',
      lastname: 'Steady',
      organization: 'Stable',
    });
    const projectId = await seedProject(page, baseURL, user.organizationId, 8);
    // The tasks take their time; everything else comes as it would.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/projects/${projectId}/tasks?shape=compact`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByRole('heading', { level: 1, name: 'Steady' })).toBeVisible();
    const placeholder = page.getByRole('status', { name: 'Loading' }).filter({ hasText: 'To Do' });
    await expect(placeholder).toBeVisible();
    const before = await placeholder.locator(':scope > div').evaluateAll((columns) =>
      columns.map((column) => {
        const { x, y, width, height } = column.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    expect(before).toHaveLength(4);

    release();
    const toDo = page.getByRole('region', { name: 'To Do' });
    await expect(toDo.getByLabel('8 tasks')).toBeVisible();
    await expect(toDo.getByRole('article').first()).toBeVisible();
    await expect(placeholder).toHaveCount(0);
    for (const [index, name] of COLUMNS.entries()) {
      const after = (await page.getByRole('region', { name }).boundingBox())!;
      expect(after.x, name).toBeCloseTo(before[index]!.x, 0);
      expect(after.y, name).toBeCloseTo(before[index]!.y, 0);
      expect(after.width, name).toBeCloseTo(before[index]!.width, 0);
    }
    // Eight cards fill To Do as a full column would: it keeps its height too.
    expect((await page.getByRole('region', { name: 'To Do' }).boundingBox())!.height).toBeCloseTo(
      before[0]!.height,
      0,
    );
    expect(await layoutShift(page)).toBe(0);
  });

  test('a signed-in person lands on the board without a round trip for their session, and a signed-out one on the login page', async ({
    page,
    mail,
    baseURL,
  }) => {
    const user = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Quentin',
      lastname: 'Quick',
      organization: 'Swift',
    });
    const projectId = await seedProject(page, baseURL, user.organizationId, 3);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByRole('region', { name: 'To Do' }).getByRole('article')).toHaveCount(3);
    expect(asked).not.toContain('/api/auth/get-session');
    expect(asked).not.toContain('/api/me');

    // Signed out, the same address leads to the login page: no page keeps the ended session.
    await page.goto('/settings/profile');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('region', { name: 'To Do' })).toHaveCount(0);
  });
});
