import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { FakeLlm } from '@figgle/test-support/fake-llm';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.ts';

const summaryCard = (page: Page) => page.getByRole('region', { name: 'Summary of the week' });
/** The summary's sentences: the card's paragraphs but its subtitle. */
const sentences = (page: Page) =>
  summaryCard(page)
    .getByRole('paragraph')
    .filter({ hasNotText: 'The last 7 days across your organizations' });

/** A project with two tasks created and one of them moved to Done, over HTTP as the signed-in page. */
async function busyWeek(page: Page, baseURL: string, organizationId: string) {
  const headers = { origin: baseURL };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Website', trigram: 'WEB', organization_id: organizationId, emoji: 'octopus' },
  });
  expect(project.status()).toBe(201);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  const taskIds: string[] = [];
  for (const title of ['Alpha', 'Bravo']) {
    const created = await page.request.post(`/api/projects/${projectId}/tasks`, { headers, data: { title } });
    expect(created.status()).toBe(201);
    taskIds.push(((await created.json()) as { task_id: string }).task_id);
  }
  const done = await page.request.patch(`/api/tasks/${taskIds[0]}`, { headers, data: { status: 'DONE' } });
  expect(done.status()).toBe(200);
}

async function openDashboard(page: Page) {
  await page.goto('/projects');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Control Panel', level: 1 })).toBeVisible();
}

base.describe('the summary of the week, written by Figgle', () => {
  base('sums up the week from its figures when no model is set up', async ({ page, mail, baseURL }) => {
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Owner',
      organization: 'Studio',
    });
    await busyWeek(page, baseURL, ada.organizationId);
    await openDashboard(page);
    const card = summaryCard(page);
    await expect(sentences(page)).toHaveText([
      'In the last 7 days, 2 tasks were created and 1 task was completed.',
      'Nothing is overdue.',
      'Most active: Website (3 changes).',
      'Ada Owner made 3 changes and moved 1 task, 1 of them to Done.',
    ]);
    await expect(card).not.toContainText('Written by');
  });
});

const API_KEY = 'sk-e2e-never-shown-0123456789';

/** A Figgle server whose summary is written by a fake OpenAI-compatible model on loopback. */
const test = base.extend<{ baseURL: string }, { model: { fake: FakeLlm; server: FiggleServer } }>({
  model: [
    async ({ mail }, use) => {
      const fake = await new FakeLlm().start();
      const server = await startFiggleServer({
        SMTP_URL: mail.url,
        LLM_API_URL: fake.url,
        LLM_API_KEY: API_KEY,
        LLM_MODEL: 'fake-llama',
        // 10 s by default; shorter so the slow model's journey does not wait that long.
        LLM_TIMEOUT_MS: '1500',
      });
      await use({ fake, server });
      await server.stop();
      await fake.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ model }, use) => use(model.server.url),
});

test.describe('the summary of the week, written by a language model', () => {
  test('shows what the model wrote from the week’s facts, under its name', async ({
    page,
    mail,
    baseURL,
    model,
  }) => {
    model.fake.mode = 'good';
    model.fake.answer = 'Website moved fast this week: Alpha is done.\n- Bravo is still open.';
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Model',
      organization: 'Studio',
    });
    await busyWeek(page, baseURL, ada.organizationId);
    await openDashboard(page);
    const card = summaryCard(page);
    await expect(sentences(page)).toHaveText(['Website moved fast this week: Alpha is done.']);
    await expect(card.getByRole('listitem')).toHaveText(['Bravo is still open.']);
    await expect(card.getByText('Written by fake-llama')).toBeVisible();
    const facts = JSON.parse(model.fake.factsReceived.at(-1) ?? '{}') as Record<string, unknown>;
    expect(facts).toMatchObject({
      created: 2,
      completed: 1,
      active_projects: [{ name: 'Website', changes: 3 }],
    });
  });

  test('shows the factual summary when the model answers garbage, too late or not at all', async ({
    page,
    mail,
    baseURL,
    model,
  }) => {
    const ada = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Ada',
      lastname: 'Fallback',
      organization: 'Studio',
    });
    await busyWeek(page, baseURL, ada.organizationId);
    for (const mode of ['garbage', 'slow', 'reset'] as const) {
      model.fake.mode = mode;
      await openDashboard(page);
      const card = summaryCard(page);
      // The slow model holds the answer for LLM_TIMEOUT_MS first; a busy machine adds to it.
      await expect(sentences(page).first()).toHaveText(
        'In the last 7 days, 2 tasks were created and 1 task was completed.',
        { timeout: 20_000 },
      );
      await expect(card).not.toContainText('Written by');
    }
    model.fake.mode = 'good';
    // The server noted why, without ever writing the key.
    expect(model.server.output()).toContain('weekly summary');
    expect(model.server.output()).not.toContain(API_KEY);
  });
});
