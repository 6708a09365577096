// @database pglite
import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../realtime/realtime-socket.ts';

/**
 * A bulk change reaches each socket as one live batch (issue 43): one `batch` frame with every task's
 * event that the socket may see, where a single change is still one `event` frame. A client of
 * protocol 3 gets the same events as before, in `event` and `events` frames.
 */

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let projectId: string;
let ids: string[];
const sockets: TestSocket[] = [];

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function listening(version?: number): Promise<TestSocket> {
  const socket = await TestSocket.open(server.url, { cookie: ada.cookie, version });
  sockets.push(socket);
  await socket.subscribe(topics.tasks(projectId));
  return socket;
}

const taskEvent = (frame: { type: string }): frame is EventFrame =>
  frame.type === 'event' && (frame as EventFrame).kind === 'task';

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  const { organization_id } = await json<{ organization_id: string }>(
    await ada.api('/api/organizations', { body: { name: 'Engines' } }),
    201,
  );
  ({ project_id: projectId } = await json<{ project_id: string }>(
    await ada.api('/api/projects', { body: { name: 'Engines', trigram: 'ENG', organization_id } }),
    201,
  ));
  ids = [];
  for (let index = 0; index < 52; index++) {
    const task = await json<{ task_id: string }>(
      await ada.api(`/api/projects/${projectId}/tasks`, { body: { title: `Task ${index}` } }),
      201,
    );
    ids.push(task.task_id);
  }
});
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('a bulk change on the live connection', () => {
  it('reaches a socket as one batch frame for 50 tasks; a single change after it as one event frame', async () => {
    const current = await listening();
    const old = await listening(3);
    const fifty = ids.slice(0, 50);
    const wireBefore = current.wireFrames;
    const oldFrom = old.mark();

    await json(
      await ada.api('/api/tasks/bulk-change', {
        body: { groups: [{ task_ids: fifty, changes: { priority: 'HIGH' } }] },
      }),
      200,
    );
    await expect.poll(() => current.batches.length, { timeout: 10_000 }).toBe(1);
    // A single change afterwards, seen as it arrives: any frame the batch's events took is here by then.
    await json(await ada.api(`/api/tasks/${ids[51]}`, { method: 'PATCH', body: { priority: 'LOW' } }), 200);
    const single = (frame: { type: string }) => taskEvent(frame) && frame.id === ids[51];
    await current.next(single, 0, 10_000);

    expect(current.wireFrames - wireBefore).toBe(2);
    expect(current.batches).toHaveLength(1);
    const [batch] = current.batches;
    expect(batch!.events).toHaveLength(50);
    expect(batch!.events.map((event) => event.id).sort()).toEqual([...fifty].sort());
    expect(
      batch!.events.every(
        (event) =>
          event.kind === 'task' &&
          event.action === 'updated' &&
          (event.data as { priority: string }).priority === 'HIGH',
      ),
    ).toBe(true);

    // The client of protocol 3: the same fifty events, no batch frame.
    await old.next(single, oldFrom, 10_000);
    expect(old.batches).toEqual([]);
    const oldEvents = old.since(oldFrom, taskEvent) as EventFrame[];
    expect(oldEvents.map((event) => event.id).sort()).toEqual([...fifty, ids[51]!].sort());
  });

  it('reaches a socket as one batch frame for a bulk delete', async () => {
    const current = await listening();
    const from = current.batches.length;
    const response = await ada.api('/api/tasks/bulk-delete', { body: { task_ids: ids.slice(0, 3) } });
    expect(response.status, await response.clone().text()).toBe(204);
    await expect.poll(() => current.batches.length, { timeout: 10_000 }).toBe(from + 1);
    const batch = current.batches[from]!;
    expect(batch.events.map((event) => [event.id, event.action]).sort()).toEqual(
      ids
        .slice(0, 3)
        .map((id) => [id, 'deleted'])
        .sort(),
    );
  });
});
