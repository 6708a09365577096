import { watchedClose } from '@figgle/test-support/close-watch';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { createOrganizationWorld } from '../organizations/organizations-world.ts';

/** Who sends a hostile request: one of the world's people, nobody, or a raw Cookie header. */
type Sender = 'owner' | 'member' | 'outsider' | 'anonymous' | { cookie: string };

/** One hostile request, described as data. */
export interface HostileCase {
  name: string;
  method: string;
  path: string;
  as?: Sender;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (with `headers` naming its type). */
  raw?: string | Uint8Array | FormData;
  headers?: Record<string, string>;
  /** The status the server must answer; any 4xx when omitted. */
  status?: number;
  /** Words the message must contain. */
  message?: RegExp;
}

/** Ids of things in the attacked organization, and of another one the attacker owns. */
export interface HostileWorld {
  server: TestServer;
  mail: MailCatcher;
  users: Record<'owner' | 'member' | 'outsider', TestUser>;
  org: string;
  project: string;
  task: string;
  comment: string;
  uploadPath: string;
  memberRule: string;
  /** The outsider's own organization, project and task: valid ids of another tenant. */
  elsewhere: { org: string; project: string; task: string };
  close(): Promise<void>;
}

async function created<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`hostile world setup: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export async function startHostileWorld(overrides: Record<string, string> = {}): Promise<HostileWorld> {
  const mail = await startMailCatcher();
  const server = await startTestServer({ SMTP_URL: mail.url, ...overrides });
  const world = await createOrganizationWorld(server, mail, 'Target Org');
  const { owner, member, outsider } = world;
  const projectIn = (user: TestUser, organizationId: string, name: string) =>
    created<{ project_id: string }>(
      user.api('/api/projects', { body: { name, trigram: 'HST', organization_id: organizationId } }),
    );
  const taskIn = (user: TestUser, projectId: string) =>
    created<{ task_id: string }>(user.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Target' } }));

  const project = await projectIn(owner, world.organizationId, 'Target project');
  const task = await taskIn(owner, project.project_id);
  const comment = await created<{ comment_id: string }>(
    owner.api(`/api/tasks/${task.task_id}/comments`, {
      body: { content_json: { ops: [{ insert: 'Hello\n' }] } },
    }),
  );
  const form = new FormData();
  form.set('folder', `tasks/${task.task_id}`);
  form.set('file', new Blob(['target file']), 'target.txt');
  const upload = await created<{ path: string }>(
    fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { origin: server.url, cookie: owner.cookie },
      body: form,
    }),
  );
  const rule = await server.deps.db
    .selectFrom('rule')
    .select('rule_id')
    .where('organization_id', '=', world.organizationId)
    .where('user_id', '=', member.userId)
    .executeTakeFirstOrThrow();
  const elsewhereProject = await projectIn(outsider, world.outsiderOrganizationId, 'Elsewhere project');
  const elsewhereTask = await taskIn(outsider, elsewhereProject.project_id);

  return {
    server,
    mail,
    users: { owner, member, outsider },
    org: world.organizationId,
    project: project.project_id,
    task: task.task_id,
    comment: comment.comment_id,
    uploadPath: upload.path,
    memberRule: rule.rule_id,
    elsewhere: {
      org: world.outsiderOrganizationId,
      project: elsewhereProject.project_id,
      task: elsewhereTask.task_id,
    },
    close: async () => {
      await server.close();
      await watchedClose('the mail catcher', () => mail.stop());
    },
  };
}

/** Sends one hostile case over real HTTP, from the app's own Origin unless the case says otherwise. */
async function sendHostile(world: HostileWorld, hostile: HostileCase): Promise<Response> {
  const sender = hostile.as ?? 'owner';
  const cookie =
    typeof sender === 'object' ? sender.cookie : sender === 'anonymous' ? '' : world.users[sender].cookie;
  const headers: Record<string, string> = { origin: world.server.url };
  if (cookie) headers.cookie = cookie;
  let body: string | Uint8Array | FormData | undefined = hostile.raw;
  if (hostile.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(hostile.json);
  }
  Object.assign(headers, hostile.headers);
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  return fetch(`${world.server.url}${hostile.path}`, {
    method: hostile.method,
    headers,
    body: body as RequestInit['body'],
    redirect: 'manual',
  });
}

/**
 * The refusal every hostile request must get: a 4xx (the one named, if any) in the app's error shape
 * `{ statusCode, code, message }`, with a message a person can act on.
 */
async function expectRefusal(response: Response, hostile: HostileCase): Promise<void> {
  const text = await response.text();
  const where = `${hostile.method} ${hostile.path} (${hostile.name}) answered ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  if (hostile.status !== undefined) expect(response.status, where).toBe(hostile.status);
  expect(response.headers.get('content-type') ?? '', where).toContain('application/json');
  const body = JSON.parse(text) as { statusCode?: unknown; code?: unknown; message?: unknown };
  expect(body.statusCode, where).toBe(response.status);
  expect(typeof body.code === 'string' && body.code.length > 0, where).toBe(true);
  expect(typeof body.message === 'string' && body.message.length >= 8, where).toBe(true);
  expect(body.message, where).not.toMatch(/something went wrong|internal|^error$/i);
  if (hostile.message) expect(body.message, where).toMatch(hostile.message);
}

export interface DatabaseSnapshot {
  /** Table name to `rows:hash` of its rows. */
  tables: Record<string, string>;
}

/**
 * Every table's row count and a hash of its rows, in one query. Two snapshots that
 * are equal mean nothing a user could see, and nothing they could not, was changed.
 */
export async function snapshotDatabase(server: TestServer): Promise<DatabaseSnapshot> {
  const { db } = server.deps;
  tableNames ??= sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
    .execute(db)
    .then((result) => result.rows.map((row) => row.table_name));
  const perTable = (await tableNames).map(
    (name) => sql`SELECT ${name}::text AS name, count(*)::int AS rows,
      md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM ${sql.table(name)} AS t`,
  );
  const result = await sql<{
    name: string;
    rows: number;
    hash: string;
  }>`${sql.join(perTable, sql` UNION ALL `)}`.execute(db);
  return { tables: Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows}:${row.hash}`])) };
}

/** The schema does not change during a run: its table names are read once. */
let tableNames: Promise<string[]> | undefined;

/** Runs one case between two snapshots: the refusal is checked, then that nothing changed. */
export async function expectRefusedAndNothingChanged(
  world: HostileWorld,
  hostile: HostileCase,
): Promise<void> {
  const before = await snapshotDatabase(world.server);
  const response = await sendHostile(world, hostile);
  await expectRefusal(response, hostile);
  // Background work a request may have started (an email) settles before the second look.
  await world.server.deps.mailer.flush();
  const after = await snapshotDatabase(world.server);
  expect(after, `${hostile.name}: the database changed`).toEqual(before);
}
