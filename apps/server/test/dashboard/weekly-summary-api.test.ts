// @database pglite
import type { WeeklySummaryView } from '@figgle/shared/weekly-summary-schemas';
import { FakeLlm, type FakeLlmMode } from '@figgle/test-support/fake-llm';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { apiAs, createUser, startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject as createProjectAs } from '../support/projects.ts';

const DAY = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let mail: MailCatcher;

const createProject = (user: TestUser, organizationId: string, name: string) =>
  createProjectAs(user, organizationId, name, name.slice(0, 3).toUpperCase(), { emoji: 'fish' });

async function createTask(user: TestUser, projectId: string, title: string): Promise<string> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function patchTask(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function summary(user: TestUser): Promise<WeeklySummaryView> {
  const response = await user.api(`/api/dashboard/summary?today=${dayFromToday(0)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as WeeklySummaryView;
}

/** Another organization, busy this week: none of it may reach a viewer outside it. */
async function secretOrganization(server: TestServer) {
  const otto = await createUser(server, mail, { firstname: 'Otto', lastname: 'Outsider' });
  const organizationId = await createOrganizationAs(otto, 'Elsewhere');
  const vault = await createProject(otto, organizationId, 'Secret Vault');
  const plan = await createTask(otto, vault, 'Classified plan');
  await patchTask(otto, plan, { status: 'DONE' });
  await patchTask(otto, await createTask(otto, vault, 'Hidden deadline'), { due_on: dayFromToday(-3) });
  return { otto, organizationId };
}

const SECRET_WORDS = ['Secret Vault', 'Classified plan', 'Hidden deadline', 'Otto', 'Elsewhere'];

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.stop();
});

describe('GET /api/dashboard/summary without a language model', () => {
  let server: TestServer;
  let ada: TestUser;
  let mia: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: mail.url });
    ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
    mia = await createUser(server, mail, { firstname: 'Mia', lastname: 'Member' });
    const engines = await createOrganizationAs(ada, 'Engines');
    await addMember(ada, engines, mia, mail);
    const website = await createProject(ada, engines, 'Website');
    const mobile = await createProject(ada, engines, 'Mobile');
    const alpha = await createTask(ada, website, 'Alpha');
    const bravo = await createTask(ada, website, 'Bravo');
    const charlie = await createTask(ada, website, 'Charlie');
    await createTask(ada, mobile, 'Delta');
    await patchTask(ada, alpha, { status: 'DONE' });
    await patchTask(ada, bravo, { status: 'DOING' });
    await patchTask(ada, charlie, { due_on: dayFromToday(-2) });
    await patchTask(mia, bravo, { status: 'DONE' });
    // Older than a week: not counted.
    await server.deps.db
      .insertInto('log')
      .values({
        task_id: alpha,
        project_id: website,
        organization_id: engines,
        author_id: ada.userId,
        type: 'CREATION',
        metadata: JSON.stringify({}),
        created_at: new Date(Date.now() - 10 * DAY),
      })
      .execute();
    await secretOrganization(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a session and a real day', async () => {
    expect((await apiAs(server, '')('/api/dashboard/summary')).status).toBe(401);
    const bad = await ada.api('/api/dashboard/summary?today=yesterday');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('today') });
    // The year 0 has no day in the database: its own error must not come back as a 500.
    expect((await ada.api('/api/dashboard/summary?today=0000-01-01')).status).toBe(400);
  });

  it('counts the week of the viewer’s organizations and writes it in plain sentences', async () => {
    const view = await summary(ada);
    expect(view).toMatchObject({ source: 'facts', model: null });
    expect(view.facts).toMatchObject({
      created: 4,
      completed: 2,
      overdue: 1,
      active_projects: [
        { name: 'Website', trigram: 'WEB', changes: 7 },
        { name: 'Mobile', trigram: 'MOB', changes: 1 },
      ],
      movers: [
        { name: 'Ada Lovelace', changes: 7, moved: 2, completed: 1 },
        { name: 'Mia Member', changes: 1, moved: 1, completed: 1 },
      ],
    });
    expect(Date.parse(view.facts.until) - Date.parse(view.facts.since)).toBe(7 * DAY);
    expect(view.text.split('\n')).toEqual([
      'In the last 7 days, 4 tasks were created and 2 tasks were completed.',
      '1 task is overdue now.',
      'Most active: Website (7 changes) and Mobile (1 change).',
      'Ada Lovelace made 7 changes and moved 2 tasks, 1 of them to Done.',
      'Mia Member made 1 change and moved 1 task, 1 of them to Done.',
    ]);
    for (const word of SECRET_WORDS) expect(JSON.stringify(view)).not.toContain(word);
  });

  it('says a quiet week is quiet', async () => {
    const newcomer = await createUser(server, mail, { firstname: 'Nell', lastname: 'New' });
    const view = await summary(newcomer);
    expect(view.facts).toMatchObject({
      created: 0,
      completed: 0,
      overdue: 0,
      active_projects: [],
      movers: [],
    });
    expect(view.text).toBe(
      'A quiet week: no task was created or completed in the last 7 days.\nNothing is overdue.',
    );
  });
});

describe('GET /api/dashboard/summary with a language model', () => {
  let server: TestServer;
  let fake: FakeLlm;
  let ada: TestUser;
  let otto: TestUser;
  let ottoOrganization: string;

  beforeAll(async () => {
    fake = await new FakeLlm().start();
    server = await startTestServer({
      SMTP_URL: mail.url,
      LLM_API_URL: fake.url,
      LLM_API_KEY: 'test-key-0123',
      LLM_MODEL: 'fake-llama',
      // The 10 s default, shortened so the slow case does not hold the test.
      LLM_TIMEOUT_MS: '500',
    });
    ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
    const engines = await createOrganizationAs(ada, 'Engines');
    const website = await createProject(ada, engines, 'Website');
    await patchTask(ada, await createTask(ada, website, 'Alpha'), { status: 'DONE' });
    ({ otto, organizationId: ottoOrganization } = await secretOrganization(server));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.stop();
  });

  it('sends the viewer’s facts only, and shows what the model wrote', async () => {
    const view = await summary(ada);
    expect(view).toMatchObject({ source: 'model', model: 'fake-llama', text: fake.answer });
    expect(view.facts).toMatchObject({ created: 1, completed: 1, active_projects: [{ name: 'Website' }] });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-key-0123',
      body: { model: 'fake-llama' },
    });
    expect(JSON.parse(fake.factsReceived[0]!)).toEqual(view.facts);
    for (const word of SECRET_WORDS) expect(request!.text).not.toContain(word);
  });

  it('keeps the model’s answer for an hour: a second visit does not ask again', async () => {
    const first = await summary(ada);
    const asked = fake.requests.length;
    const again = await summary(ada);
    expect(fake.requests).toHaveLength(asked);
    expect(again).toEqual(first);
  });

  it('asks again for another viewer, and when the viewer’s organizations change', async () => {
    const asked = fake.requests.length;
    const ottos = await summary(otto);
    expect(fake.requests).toHaveLength(asked + 1);
    expect(ottos.facts.active_projects).toEqual([{ name: 'Secret Vault', trigram: 'SEC', changes: 4 }]);
    expect(fake.factsReceived.at(-1)).toContain('Secret Vault');

    await addMember(otto, ottoOrganization, ada, mail);
    const joined = await summary(ada);
    expect(fake.requests).toHaveLength(asked + 2);
    expect(joined.facts.active_projects.map((project) => project.name)).toContain('Secret Vault');
  });

  it('asks the model once a day whatever `today` the page sends', async () => {
    const gus = await createUser(server, mail, { firstname: 'Gus', lastname: 'Dates' });
    await createOrganizationAs(gus, 'Gus’s');
    const asked = fake.requests.length;
    // Each distinct date used to be a new paid call: the cache is keyed on the server's own day.
    for (const days of [-3, -2, -1, 0, 1, 2, 3, 400, -4000]) {
      const response = await gus.api(`/api/dashboard/summary?today=${dayFromToday(days)}`);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as WeeklySummaryView).source).toBe('model');
    }
    expect(fake.requests).toHaveLength(asked + 1);
  });

  it('limits the model calls one person can cause in an hour; past it the facts are shown', async () => {
    const hal = await createUser(server, mail, { firstname: 'Hal', lastname: 'Hurry' });
    const asked = fake.requests.length;
    const sources: string[] = [];
    // Each new organization changes the cache key (a summary never outlives what it may show).
    for (let round = 0; round < 14; round += 1) {
      await createOrganizationAs(hal, `Hal ${round}`);
      sources.push((await summary(hal)).source);
    }
    expect(fake.requests.length - asked).toBe(10);
    expect(sources.slice(0, 10).every((source) => source === 'model')).toBe(true);
    expect(sources.slice(10)).toEqual(['facts', 'facts', 'facts', 'facts']);
    // Another person is not held back by Hal.
    const ivy = await createUser(server, mail, { firstname: 'Ivy', lastname: 'Calm' });
    expect((await summary(ivy)).source).toBe('model');
  });

  it('falls back to the facts on every failure, keeps none of them, and stays healthy', async () => {
    const dan = await createUser(server, mail, { firstname: 'Dan', lastname: 'Doe' });
    const danOrganization = await createOrganizationAs(dan, 'Dan’s');
    await createTask(dan, await createProject(dan, danOrganization, 'Garden'), 'Plant');
    const modes: FakeLlmMode[] = ['http-error', 'garbage', 'no-content', 'empty', 'huge', 'reset', 'slow'];
    for (const mode of modes) {
      fake.mode = mode;
      const asked = fake.requests.length;
      const started = Date.now();
      const view = await summary(dan);
      expect(view, mode).toMatchObject({ source: 'facts', model: null });
      expect(view.text, mode).toContain('1 task was created');
      // Asked each time: a failure is never kept.
      expect(fake.requests, mode).toHaveLength(asked + 1);
      expect(Date.now() - started, mode).toBeLessThan(5_000);
    }
    // The slow answer's connection was closed by Figgle when it gave up.
    await expect.poll(() => fake.heldAnswers).toBe(0);

    fake.mode = 'good';
    expect(await summary(dan)).toMatchObject({ source: 'model', model: 'fake-llama' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('cuts a long answer at a word', async () => {
    fake.mode = 'good';
    fake.answer = 'The team wrote a lot. '.repeat(400);
    const eve = await createUser(server, mail, { firstname: 'Eve', lastname: 'Long' });
    const view = await summary(eve);
    expect(view.source).toBe('model');
    expect(view.text.length).toBeLessThanOrEqual(1500);
    expect(view.text).toMatch(/\S…$/);
  });

  it('shows the facts when the model cannot be reached at all', async () => {
    await fake.stop();
    const fay = await createUser(server, mail, { firstname: 'Fay', lastname: 'Refused' });
    expect(await summary(fay)).toMatchObject({ source: 'facts', model: null });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
