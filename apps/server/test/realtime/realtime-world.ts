import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, expect } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';

export interface RealtimeWorld extends OrganizationWorld {
  projectId: string;
  taskId: string;
  /** A project and task of the outsider's own organization. */
  outsiderProjectId: string;
  outsiderTaskId: string;
}

export async function createProject(user: TestUser, organizationId: string, name = 'Board'): Promise<string> {
  const response = await user.api('/api/projects', {
    body: { name, trigram: name.slice(0, 3), organization_id: organizationId },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { project_id: string }).project_id;
}

export async function createTask(
  user: TestUser,
  projectId: string,
  title = 'Draw the logo',
): Promise<string> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

/** An organization (owner + member) with a project and a task, and an outsider with their own. */
export async function createRealtimeWorld(server: TestServer, mail: MailCatcher): Promise<RealtimeWorld> {
  const world = await createOrganizationWorld(server, mail);
  const projectId = await createProject(world.owner, world.organizationId, 'Website');
  const taskId = await createTask(world.owner, projectId);
  const outsiderProjectId = await createProject(world.outsider, world.outsiderOrganizationId, 'Secret');
  const outsiderTaskId = await createTask(world.outsider, outsiderProjectId, 'Secret plan');
  return { ...world, projectId, taskId, outsiderProjectId, outsiderTaskId };
}

/** What `realtimeWorldPerFile` hands a test file once its server is up. */
export interface RealtimeFile {
  server: TestServer;
  mail: MailCatcher;
  world: RealtimeWorld;
}

/** How `realtimeWorldPerFile` starts its server: more settings, build options, a longer hook. */
export interface RealtimeFileOptions {
  env?: Record<string, string>;
  /** Read when the server starts (a `drivenClock()` made then). */
  buildOptions?: () => Parameters<typeof startTestServer>[1];
  timeoutMs?: number;
}

/**
 * Before the file's tests: a mail catcher, a test server that mails it and a `RealtimeWorld` in
 * it, handed to `started`; after them, both stopped. The file's own `beforeAll` hooks run after
 * this one, and its later `afterAll` before (Vitest runs after-hooks in reverse).
 */
export function realtimeWorldPerFile(
  started: (file: RealtimeFile) => void,
  options: RealtimeFileOptions = {},
): void {
  let mail: MailCatcher | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startTestServer({ SMTP_URL: mail.url, ...options.env }, options.buildOptions?.());
    started({ server, mail, world: await createRealtimeWorld(server, mail) });
  }, options.timeoutMs);
  afterAll(async () => {
    await server?.close();
    await mail?.stop();
  });
}

export async function ruleIdOf(server: TestServer, organizationId: string, userId: string): Promise<string> {
  const rule = await server.deps.db
    .selectFrom('rule')
    .select('rule_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return rule.rule_id;
}
