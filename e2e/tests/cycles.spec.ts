import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.ts';
import { createProjectWithTask } from '../support/task-page-setup.ts';
import { callApi, createTask } from './planning-support.ts';

/**
 * Cycles (docs/product.md#cycles): turned on in the project's settings, five tasks planned in the
 * current cycle, two finished, the burn-up; then the cycle ends (the server's clock moved a week,
 * POST /api/test/clock, TEST_CLOCK_CONTROL) and the three unfinished tasks are in the next cycle,
 * each with a log line.
 */
const test = base.extend<{ baseURL: string }, { clockedFiggle: FiggleServer }>({
  clockedFiggle: [
    async ({ mail }, use) => {
      const server = await startFiggleServer({ SMTP_URL: mail.url, TEST_CLOCK_CONTROL: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ clockedFiggle }, use) => use(clockedFiggle.url),
});

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface CyclesAnswer {
  cycles: Array<{ cycle_id: string; number: number; state: string; closed_at: string | null }>;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

for (const { scheme, width, height } of [
  { scheme: 'light', width: 1440, height: 900 },
  { scheme: 'dark', width: 390, height: 844 },
] as const) {
  test.describe(`cycles at ${width} px, ${scheme}`, () => {
    test.use({ colorScheme: scheme, viewport: { width, height } });
    // The server is the worker's: the next journey starts at the real time again.
    test.afterEach(async ({ page, baseURL }) => {
      const reset = await page.request.post('/api/test/clock', {
        headers: { origin: baseURL },
        data: { reset: true },
      });
      expect(reset.status()).toBe(200);
    });

    test('cycles turned on, five tasks planned, two done, the burn-up; the cycle ends and three move on', async ({
      page,
      mail,
      baseURL,
    }, testInfo) => {
      const ada = await signUpWithOrganization(page, mail, baseURL, {
        firstname: 'Ada',
        lastname: 'Sprinter',
        organization: `Cycles ${scheme}`,
      });
      const { projectId, taskId } = await createProjectWithTask(page, baseURL, ada.organizationId, {
        project: 'Sprints',
        trigram: 'SPR',
        task: 'Plan the sprint',
      });
      const others = [];
      for (const title of ['Draw the icons', 'Write the copy', 'Fix the footer', 'Ship the release']) {
        others.push(await createTask(page, baseURL, projectId, { title }));
      }
      await createTask(page, baseURL, projectId, { title: 'Someday, maybe' });

      // Project settings → Cycles: one week long, then on.
      await page.goto(`/project/${projectId}/kanban`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.getByRole('button', { name: 'Project settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Project settings' });
      await settings.getByRole('combobox', { name: 'Cycle length' }).click();
      await page.getByRole('option', { name: '1 week' }).click();
      await expect(settings.getByRole('combobox', { name: 'Cycle length' })).toHaveValue('1 week');
      await settings.getByRole('switch', { name: 'Plan in cycles' }).click();
      await expect(settings.getByRole('switch', { name: 'Plan in cycles' })).toBeChecked();
      await expect(page.getByText('Cycles are on.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();

      // The task page plans the first task in the current cycle; its log says so.
      await page.goto(`/task/${taskId}`);
      const details = page.getByRole('complementary', { name: 'Task details' });
      await details.getByRole('combobox', { name: 'Cycle' }).click();
      await page.getByRole('option', { name: /\(current\)/ }).click();
      await expect(details.getByRole('combobox', { name: 'Cycle' })).toHaveValue(/^Cycle 1 \(current\)/);
      await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
        'planned the task in Cycle 1',
      );

      // Four more through the API, two of the five finished.
      const { cycles } = await getJson<CyclesAnswer>(page, `/api/projects/${projectId}/cycles`);
      const current = cycles.find((cycle) => cycle.state === 'current')!;
      for (const other of others) {
        await callApi(page, baseURL, 'PUT', `/api/tasks/${other}/cycle`, { cycle_id: current.cycle_id });
      }
      await callApi(page, baseURL, 'PATCH', `/api/tasks/${taskId}`, { status: 'DONE' });
      await callApi(page, baseURL, 'PATCH', `/api/tasks/${others[0]}`, { status: 'DONE' });

      // The list keeps the current cycle's tasks with one click, and the address says so.
      await page.goto(`/project/${projectId}/list`);
      await page.getByText('Current cycle', { exact: true }).click();
      await expect(page).toHaveURL(/[?&]cycle=current/);
      await expect(page.getByText('5 of 6 tasks')).toBeVisible();
      await page.reload();
      await expect(page.getByText('5 of 6 tasks')).toBeVisible();

      // The cycle's page: its figures and the burn-up.
      await page.getByRole('link', { name: 'Cycles', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cycles of Sprints' })).toBeVisible();
      const cycle = page.getByRole('region', { name: 'Cycle 1' });
      const figures = cycle.getByRole('group', { name: 'Figures of the cycle' });
      await expect(figures).toContainText('Scope5 tasks');
      await expect(figures).toContainText('Done2 of 5');
      await expect(figures).toContainText('Added after start5');
      const burnUp = cycle.getByTestId('burn-up');
      await expect(burnUp.locator('svg')).toBeVisible();
      await expect(burnUp.locator('path[data-series]')).toHaveCount(2);
      await expect(burnUp).toContainText('Scope');
      await cycle.getByText('By estimate').click();
      await cycle.getByText('By count').click();
      await page.screenshot({ path: testInfo.outputPath(`cycle-${scheme}.png`), fullPage: true });

      // A week later the cycle has ended: the rollover moves the three unfinished tasks on.
      const moved = await page.request.post('/api/test/clock', {
        headers: { origin: baseURL },
        data: { advance_ms: WEEK_MS },
      });
      expect(moved.status()).toBe(200);
      await expect
        .poll(async () => {
          const answer = await getJson<CyclesAnswer>(page, `/api/projects/${projectId}/cycles`);
          return answer.cycles.find((c) => c.cycle_id === current.cycle_id)?.closed_at ?? null;
        })
        .not.toBeNull();
      await page.goto(`/project/${projectId}/cycles`);
      const next = page.getByRole('region', { name: 'Cycle 2' });
      await expect(next.getByRole('group', { name: 'Figures of the cycle' })).toContainText('Scope3 tasks');
      await page.getByRole('link', { name: /^Cycle 1/ }).click();
      await expect(cycle.getByText('Ended: these are its final figures.', { exact: false })).toBeVisible();
      await expect(cycle.getByRole('group', { name: 'Figures of the cycle' })).toContainText('Done2 of 5');

      for (const unfinished of others.slice(1)) {
        await page.goto(`/task/${unfinished}`);
        await expect(
          page.getByRole('complementary', { name: 'Task details' }).getByRole('combobox', { name: 'Cycle' }),
        ).toHaveValue(/^Cycle 2 \(current\)/);
        await expect(page.getByRole('list', { name: 'Comments and changes' })).toContainText(
          'Figgle moved the task from Cycle 1, which ended, to Cycle 2',
        );
      }
      await page.screenshot({ path: testInfo.outputPath(`rolled-over-${scheme}.png`), fullPage: true });
      // The finished ones stay in the cycle that ended.
      const finished = await getJson<{ cycle_id: string }>(page, `/api/tasks/${taskId}`);
      expect(finished.cycle_id).toBe(current.cycle_id);
    });
  });
}
