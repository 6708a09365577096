import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import type { ServerWithMailOptions, TestUser } from '@figgle/test-support/users';
import { expect } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { createProject } from '../support/projects.ts';
import { worldPerFile } from '../support/world-per-file.ts';

export interface RealtimeWorld extends OrganizationWorld {
  projectId: string;
  taskId: string;
  /** A project and task of the outsider's own organization. */
  outsiderProjectId: string;
  outsiderTaskId: string;
}

export { createProject };

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
async function createRealtimeWorld(server: TestServer, mail: MailCatcher): Promise<RealtimeWorld> {
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

/**
 * `serverWithMail` with a `RealtimeWorld` in its server, handed to `started` before the file's
 * own `beforeAll` hooks run.
 */
export function realtimeWorldPerFile(
  started: (file: RealtimeFile) => void,
  options: ServerWithMailOptions = {},
): void {
  worldPerFile(createRealtimeWorld, started, options);
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
