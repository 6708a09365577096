// @database pglite
import {
  organizationExportSchema,
  type ProjectExport,
  projectExportSchema,
  TASK_CSV_COLUMNS,
} from '@figgle/shared/project-export-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { createUser, startMailCatcher, type TestUser } from '@figgle/test-support/users';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganizationAs,
  createOrganizationWorld,
  type OrganizationWorld,
  ruleOf,
} from '../organizations/organizations-world.ts';

let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let leaver: TestUser;
let projectId: string;
let taskId: string;
let uploadPath: string;

const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function createTask(user: TestUser, body: Record<string, unknown>): Promise<TaskSummaryView> {
  return ok(await user.api(`/api/projects/${projectId}/tasks`, { body }), 201);
}

async function download(user: TestUser, path: string) {
  const response = await user.api(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, text: await response.text() };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  world = await createOrganizationWorld(server, mail, 'Exporters');
  leaver = await createUser(server, mail, { firstname: 'Leo', lastname: 'Leaver' });
  await addMember(world.owner, world.organizationId, leaver, mail);
  // Renamed only now: the invitation emails' subjects name the organization.
  await ok(
    await world.owner.api(`/api/organizations/${world.organizationId}`, {
      method: 'PATCH',
      body: { name: 'Exporters Ünited' },
    }),
  );

  const project = await ok<{ project_id: string }>(
    await world.owner.api('/api/projects', {
      body: { name: 'Café Website', trigram: 'caf', organization_id: world.organizationId, emoji: 'octopus' },
    }),
    201,
  );
  projectId = project.project_id;
  const bug = await ok<{ label_id: string }>(
    await world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
      body: { name: 'Bug', color: 'red' },
    }),
    201,
  );
  await world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
    body: { name: 'Unused', color: 'blue' },
  });

  const task = await createTask(world.owner, {
    title: 'Fix the footer, "now" 🦊',
    assignee_id: world.member.userId,
    due_on: '2026-12-24',
    priority: 'HIGH',
    label_ids: [bug.label_id],
  });
  taskId = task.task_id;
  await ok(
    await world.owner.api(`/api/tasks/${taskId}/content`, {
      method: 'PATCH',
      body: {
        content_json: {
          ops: [{ insert: 'Broken on ' }, { insert: 'mobile', attributes: { bold: true } }, { insert: '\n' }],
        },
      },
    }),
  );
  await ok(await world.member.api(`/api/tasks/${taskId}/checklist`, { body: { text: 'Check Safari' } }), 201);
  await ok(
    await world.member.api(`/api/tasks/${taskId}/comments`, { body: { content_json: delta('On it') } }),
    201,
  );
  await ok(await leaver.api(`/api/tasks/${taskId}/comments`, { body: { content_json: delta('Bye') } }), 201);
  await ok(await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } }));

  const form = new FormData();
  form.set('folder', `tasks/${taskId}`);
  form.set('file', new Blob(['plain words']), 'notes.txt');
  const uploaded = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { origin: server.url, cookie: world.owner.cookie },
    body: form,
  });
  uploadPath = (await ok<{ path: string }>(uploaded, 201)).path;

  // Leo leaves: his comment stays, his address no longer leaves the server.
  const rule = await ruleOf(server, world.organizationId, leaver.userId);
  const removed = await world.owner.api(
    `/api/organizations/${world.organizationId}/members/${rule!.rule_id}`,
    {
      method: 'DELETE',
    },
  );
  expect(removed.status).toBe(204);
}, 120_000);

afterAll(async () => {
  await server.close();
  await mail.stop();
});

describe('project export as JSON', () => {
  it('holds the whole project and reads back with the shared schema', async () => {
    const { response, text } = await download(world.member, `/api/projects/${projectId}/export.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="CAF-Cafe-Website-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file: ProjectExport = projectExportSchema.parse(JSON.parse(text));
    expect(file).toMatchObject({ format: 'figgle-project', version: 1 });
    expect(file.project).toMatchObject({
      name: 'Café Website',
      trigram: 'CAF',
      emoji: 'octopus',
      last_reference: 1,
    });
    expect(file.labels).toEqual([{ id: expect.any(String), name: 'Bug', color: 'red' }]);

    const [task] = file.tasks;
    expect(file.tasks).toHaveLength(1);
    expect(task).toMatchObject({
      id: taskId,
      reference: 1,
      title: 'Fix the footer, "now" 🦊',
      status: 'DOING',
      author: world.owner.userId,
      assignee: world.member.userId,
      due_on: '2026-12-24',
      due_at: null,
      priority: 'HIGH',
      labels: [file.labels[0]!.id],
      from_figma: false,
    });
    expect(task!.description).toEqual({
      ops: [{ insert: 'Broken on ' }, { insert: 'mobile', attributes: { bold: true } }, { insert: '\n' }],
    });
    expect(task!.checklist).toEqual([
      { text: 'Check Safari', done: false, rank: expect.any(String), created_at: expect.any(String) },
    ]);
    expect(task!.comments.map((comment) => [comment.author, comment.content])).toEqual([
      [world.member.userId, delta('On it')],
      [leaver.userId, delta('Bye')],
    ]);
    expect(task!.log.map((line) => line.type)).toEqual([
      'CREATION',
      'CONTENT',
      'COMMENT',
      'COMMENT',
      'STATUS',
    ]);
    expect(task!.log[2]!.metadata.comment_id).toBe(task!.comments[0]!.id);
    expect(task!.log[4]).toMatchObject({
      author: world.member.userId,
      metadata: { status: { old: 'TODO', new: 'DOING' } },
    });
    expect(task!.uploads).toEqual([
      {
        name: 'notes.txt',
        content_type: expect.stringMatching(/^text\/plain/),
        size: 11,
        path: uploadPath,
        url: `/api/uploads/${uploadPath}`,
        created_at: expect.any(String),
      },
    ]);
  });

  it('names each person once, with an email only for people still in the organization', async () => {
    const { text } = await download(world.member, `/api/projects/${projectId}/export.json`);
    const file = projectExportSchema.parse(JSON.parse(text));
    const byId = new Map(file.members.map((person) => [person.id, person]));
    expect(file.members).toHaveLength(3);
    expect(byId.get(world.owner.userId)).toEqual({
      id: world.owner.userId,
      firstname: 'Olive',
      lastname: 'Owner',
      email: world.owner.email,
      role: 'OWNER',
    });
    expect(byId.get(world.member.userId)).toMatchObject({ email: world.member.email, role: 'MEMBER' });
    expect(byId.get(leaver.userId)).toEqual({
      id: leaver.userId,
      firstname: 'Leo',
      lastname: 'Leaver',
      email: null,
      role: null,
    });
    expect(text).not.toContain(leaver.email);
    expect(text).not.toMatch(/password|figma_token|\$argon|\$scrypt/i);
  });

  it('sends the same file gzipped to a client that accepts it', async () => {
    const plain = await download(world.member, `/api/projects/${projectId}/export.json`);
    const zipped = await world.member.api(`/api/projects/${projectId}/export.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const text = await zipped.text();
    const strip = (value: string) => ({ ...JSON.parse(value), exported_at: null });
    expect(strip(text)).toEqual(strip(plain.text));
  });

  it('leaves out deleted tasks and keeps every page of a large project, by reference', async () => {
    const doomed = await createTask(world.member, { title: 'Gone soon' });
    expect((await world.member.api(`/api/tasks/${doomed.task_id}`, { method: 'DELETE' })).status).toBe(204);
    const bulk = Array.from({ length: 520 }, (_, index) => index);
    await server.deps.db
      .insertInto('task')
      .values(
        bulk.map((index) => ({
          project_id: projectId,
          reference: 1000 + index,
          title: `Bulk ${index}`,
          rank: `b${String(index).padStart(4, '0')}`,
          author_id: world.owner.userId,
        })),
      )
      .execute();
    const { text } = await download(world.owner, `/api/projects/${projectId}/export.json`);
    const file = projectExportSchema.parse(JSON.parse(text));
    expect(file.tasks.map((task) => task.title)).not.toContain('Gone soon');
    expect(file.tasks).toHaveLength(521);
    const references = file.tasks.map((task) => task.reference);
    expect(references).toEqual([...references].sort((a, b) => a - b));
    expect(new Set(references).size).toBe(521);
    await server.deps.db
      .deleteFrom('task')
      .where('project_id', '=', projectId)
      .where('reference', '>=', 1000)
      .execute();
  });
});

describe('project export as CSV', () => {
  it('quotes, keeps unicode and line breaks, and defuses formulas', async () => {
    await createTask(world.member, { title: '=HYPERLINK("http://evil.test","click")' });
    await createTask(world.member, { title: '@SUM(A1:A2)', description: '' });
    const formulaInText = await createTask(world.member, { title: '+cmd', priority: 'URGENT' });
    await ok(
      await world.member.api(`/api/tasks/${formulaInText.task_id}/content`, {
        method: 'PATCH',
        body: { content_json: delta('=1+1\nsecond line, with "quotes"\n\nthird') },
      }),
    );
    await createTask(world.member, {
      title: '-2 degrees; naïve résumé 日本',
      due_at: '2026-03-01T09:30:00Z',
    });

    const response = await world.member.api(`/api/projects/${projectId}/export.csv`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    // Response.text() would drop the byte order mark that spreadsheets need: read the bytes.
    const text = bytes.toString('utf8');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="CAF-Cafe-Website-[\d-]+\.csv"$/,
    );
    expect(text.startsWith('\uFEFFReference,Title,Status,')).toBe(true);
    expect(text).toContain('\r\n');

    const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data.filter((row) => row.length > 1);
    expect(header).toEqual([...TASK_CSV_COLUMNS]);
    const byTitle = (start: string) => rows.find((row) => row[1]!.startsWith(start))!;

    expect(byTitle('Fix the footer')).toEqual([
      'CAF-1',
      'Fix the footer, "now" 🦊',
      'Doing',
      world.member.email,
      '2026-12-24',
      '',
      'High',
      '',
      '',
      '',
      '',
      '',
      'Bug',
      'Broken on mobile',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    ]);
    expect(byTitle("'=HYPERLINK")[1]).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(byTitle("'@SUM")[1]).toBe("'@SUM(A1:A2)");
    const plus = byTitle("'+cmd");
    expect(plus[TASK_CSV_COLUMNS.indexOf('Priority')]).toBe('Urgent');
    // A formula followed by a line break is defused too (papaparse's own pattern misses it).
    expect(plus[TASK_CSV_COLUMNS.indexOf('Description')]).toBe('\'=1+1\nsecond line, with "quotes"\n\nthird');
    const minus = byTitle("'-2 degrees");
    expect(minus[1]).toBe("'-2 degrees; naïve résumé 日本");
    expect(minus[4]).toBe('2026-03-01T09:30:00.000Z');
    // The raw text quotes every cell with a quote or line break in it (RFC 4180).
    expect(text).toContain('"Fix the footer, ""now"" 🦊"');
  });
});

describe('who may export', () => {
  it('lets an owner download the whole organization, which reads back with the shared schema', async () => {
    const { response, text } = await download(
      world.owner,
      `/api/organizations/${world.organizationId}/export.json`,
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="figgle-Exporters-United-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = organizationExportSchema.parse(JSON.parse(text));
    expect(file.organization.name).toBe('Exporters Ünited');
    expect(file.members.map((person) => person.email).sort()).toEqual(
      [world.member.email, world.owner.email].sort(),
    );
    expect(file.labels.map((label) => label.name)).toEqual(['Bug', 'Unused']);
    expect(file.projects.map((project) => project.project.name)).toEqual(['Café Website']);
    expect(file.projects[0]!.tasks.length).toBeGreaterThan(1);
  });

  it('refuses the organization export to a member (403) and to anyone outside it (404)', async () => {
    const path = `/api/organizations/${world.organizationId}/export.json`;
    const member = await world.member.api(path);
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({
      statusCode: 403,
      code: expect.any(String),
      message: expect.any(String),
    });
    const outsider = await world.outsider.api(path);
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).not.toContain('Exporters');
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
  });

  it("answers 404 for another organization's project, in both formats and both directions", async () => {
    const theirs = await ok<{ project_id: string }>(
      await world.outsider.api('/api/projects', {
        body: { name: 'Elsewhere work', trigram: 'ELS', organization_id: world.outsiderOrganizationId },
      }),
      201,
    );
    for (const format of ['json', 'csv']) {
      const mine = await world.outsider.api(`/api/projects/${projectId}/export.${format}`);
      expect(mine.status).toBe(404);
      expect(await mine.text()).not.toContain('Café');
      expect((await world.owner.api(`/api/projects/${theirs.project_id}/export.${format}`)).status).toBe(404);
    }
    const other = await createOrganizationAs(world.outsider, 'Third');
    expect((await world.owner.api(`/api/organizations/${other}/export.json`)).status).toBe(404);
    expect((await world.owner.api('/api/projects/not-a-uuid/export.json')).status).toBe(400);
  });
});
