// @database pglite
import { type BoardView, boardViewSchema } from '@figgle/shared/board-schemas';
import { boardTasks } from '@figgle/shared/board-tasks';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { getRaw } from '@figgle/test-support/raw-get';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { presentBoard } from '../../src/features/tasks/board-presenter.ts';

/**
 * GET /api/projects/:id/tasks?shape=compact, as the web app asks it: the board shape of the same
 * list, compressed with brotli when the client accepts it; the default answer stays as it was.
 */

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let projectId: string;

const BROWSER = 'gzip, deflate, br, zstd';
const boardPath = () => `/api/projects/${projectId}/tasks?shape=compact`;

/** An answer as it crossed the wire, and its text unpacked. */
async function raw(
  user: TestUser,
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; encoding?: string; vary?: string; wire: number; text: string }> {
  const answer = await getRaw(server.url, path, { cookie: user.cookie, 'accept-encoding': acceptEncoding });
  const { 'content-encoding': encoding, vary } = answer.headers;
  return { status: answer.status, encoding, vary, wire: answer.wire, text: answer.text };
}

async function defaultList(): Promise<string> {
  const answer = await raw(ada, `/api/projects/${projectId}/tasks`, 'identity');
  expect(answer.status).toBe(200);
  return answer.text;
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  const organization = await ada.api('/api/organizations', { body: { name: 'Wire' } });
  const { organization_id } = (await organization.json()) as { organization_id: string };
  const project = await ada.api('/api/projects', { body: { name: 'Wire', trigram: 'WIR', organization_id } });
  projectId = ((await project.json()) as { project_id: string }).project_id;
  // Enough tasks for the board shape to pass the size from which answers are compressed.
  for (let i = 0; i < 240; i++) {
    const created = await ada.api(`/api/projects/${projectId}/tasks`, {
      body: {
        title: `Task ${i}: a title of the length people write`,
        status: ['TODO', 'DOING', 'DONE'][i % 3],
      },
    });
    expect(created.status).toBe(201);
  }
});

describe('the board shape on the wire', () => {
  it('is the presenter’s board shape of the default list, and reads back as that list', async () => {
    const list = await defaultList();
    const answer = await raw(ada, boardPath(), 'identity');
    expect(answer.status).toBe(200);
    expect(answer.encoding).toBeUndefined();
    const board = JSON.parse(answer.text) as BoardView;
    expect(boardViewSchema.parse(board)).toStrictEqual(board);
    expect(answer.text).toBe(JSON.stringify(presentBoard(projectId, JSON.parse(list) as TaskSummaryView[])));
    expect(boardTasks(board)).toStrictEqual(JSON.parse(list));
    expect(answer.text.length).toBeLessThan(list.length / 3);
    // Tasks made through the API have time-ordered ids (migration 0018): 8 bytes of each go out.
    expect(board.tasks.id.every((id) => id.length === 11)).toBe(true);
  });

  it('answers brotli to a browser, gzip to a client without brotli, and plain text to one without either', async () => {
    const plain = (await raw(ada, boardPath(), 'identity')).text;
    for (const [accepted, expected] of [
      [BROWSER, 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0', undefined],
    ] as const) {
      const answer = await raw(ada, boardPath(), accepted);
      expect(answer.status, accepted).toBe(200);
      expect(answer.encoding, accepted).toBe(expected);
      expect(answer.vary, accepted).toBe('accept-encoding');
      expect(answer.text, accepted).toBe(plain);
    }
    const brotli = await raw(ada, boardPath(), BROWSER);
    const gzip = await raw(ada, boardPath(), 'gzip');
    expect(brotli.wire).toBeLessThan(gzip.wire);
    expect(brotli.wire).toBeLessThan(plain.length / 5);
  });

  it('after a write, answers the changed board, from memory, as quick gzip and then in brotli', async () => {
    await raw(ada, boardPath(), BROWSER);
    const list = JSON.parse(await defaultList()) as TaskSummaryView[];
    const moved = await ada.api('/api/kanban-update', {
      body: { taskId: list.at(-1)!.task_id, status: 'TODO', index: 0 },
    });
    expect(moved.status).toBe(200);
    const answer = await raw(ada, boardPath(), BROWSER);
    expect(answer.encoding).toBe('gzip');
    const tasks = boardTasks(JSON.parse(answer.text) as BoardView);
    expect(tasks[0]!.task_id).toBe(list.at(-1)!.task_id);
    expect(tasks).toStrictEqual(JSON.parse(await defaultList()));
    let later = await raw(ada, boardPath(), BROWSER);
    for (let waited = 0; later.encoding !== 'br' && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await raw(ada, boardPath(), BROWSER);
    }
    expect(later.encoding).toBe('br');
    expect(later.text).toBe(answer.text);
  });

  it('refuses a shape it does not know with a 400, and a stranger’s read with a 404', async () => {
    for (const shape of ['full', '', 'COMPACT']) {
      const answer = await ada.api(`/api/projects/${projectId}/tasks?shape=${shape}`);
      expect(answer.status, shape).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBeTruthy();
    }
    const stranger = await createUser(server, mail, { firstname: 'Eve', lastname: 'Outside' });
    expect((await stranger.api(boardPath())).status).toBe(404);
  });
});
