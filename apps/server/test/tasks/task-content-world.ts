import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, type ServerWithMailOptions, type TestUser } from '@figgle/test-support/users';
import { worldPerFile } from '../support/world-per-file.ts';

/** A task in a project of Ada's organization, plus Otto who has an organization of his own. */
export interface TaskWorld {
  ada: TestUser;
  otto: TestUser;
  organizationId: string;
  projectId: string;
  taskId: string;
}

async function json<T>(response: Response, status: number): Promise<T> {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function createTask(user: TestUser, projectId: string, title = 'Write the spec'): Promise<string> {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  return (await json<{ task_id: string }>(response, 201)).task_id;
}

export async function createTaskWorld(server: TestServer, mail: MailCatcher): Promise<TaskWorld> {
  const ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  const otto = await createUser(server, mail, { firstname: 'Otto', lastname: 'Outsider' });
  const { organization_id: organizationId } = await json<{ organization_id: string }>(
    await ada.api('/api/organizations', { body: { name: 'Analytical' } }),
    201,
  );
  await json(await otto.api('/api/organizations', { body: { name: 'Elsewhere' } }), 201);
  const { project_id: projectId } = await json<{ project_id: string }>(
    await ada.api('/api/projects', {
      body: { name: 'Engine', trigram: 'ENG', organization_id: organizationId },
    }),
    201,
  );
  const taskId = await createTask(ada, projectId);
  return { ada, otto, organizationId, projectId, taskId };
}

/**
 * `serverWithMail` with a `TaskWorld` in its server, handed to `started` before the file's own
 * `beforeAll` hooks run.
 */
export function taskWorldPerFile(
  started: (file: { server: TestServer; mail: MailCatcher; world: TaskWorld }) => void,
  options: ServerWithMailOptions = {},
): void {
  worldPerFile(createTaskWorld, started, options);
}
