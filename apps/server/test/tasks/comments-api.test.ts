// @database pglite
import type { CommentView } from '@figgle/shared/comment-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../../src/features/comments/commands/create-comment.ts';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { type TaskWorld, taskWorldPerFile } from './task-content-world.ts';

let server: TestServer;
let world: TaskWorld;
const events: BusEvent[] = [];

taskWorldPerFile((started) => ({ server, world } = started));
beforeAll(() => {
  server.deps.bus.subscribe((event) => events.push(event));
});

const comment = (text: string) => ({ content_json: { ops: [{ insert: `${text}\n` }] } });
const post = (body: unknown, user = world.ada) =>
  user.api(`/api/tasks/${world.taskId}/comments`, { method: 'POST', body });

async function counts() {
  const task = await server.deps.db
    .selectFrom('task')
    .select('comments_total')
    .where('task_id', '=', world.taskId)
    .executeTakeFirstOrThrow();
  const comments = await server.deps.db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('task_id', '=', world.taskId)
    .executeTakeFirstOrThrow();
  const logs = await server.deps.db
    .selectFrom('log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('task_id', '=', world.taskId)
    .where('type', '=', 'COMMENT')
    .executeTakeFirstOrThrow();
  return { total: task.comments_total, rows: Number(comments.n), logs: Number(logs.n) };
}

describe('comments', () => {
  it('adds a comment with its author, counts it on the task and logs it for the inbox', async () => {
    events.length = 0;
    const response = await post({
      content_json: { ops: [{ insert: 'Looks ' }, { insert: 'good', attributes: { bold: true } }] },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CommentView;
    expect(created).toMatchObject({
      task_id: world.taskId,
      author_id: world.ada.userId,
      author_name: 'Ada Lovelace',
      user: { user_id: world.ada.userId, firstname: 'Ada', lastname: 'Lovelace' },
      is_from_figma: false,
      content_json: {
        ops: [{ insert: 'Looks ' }, { insert: 'good', attributes: { bold: true } }, { insert: '\n' }],
      },
    });
    expect(await counts()).toEqual({ total: 1, rows: 1, logs: 1 });
    expect(events.map((e) => `${e.kind}:${e.action}`)).toEqual(['comment:created', 'task:updated']);

    const list = await world.ada.api(`/api/tasks/${world.taskId}/comments`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([created]);
    const task = (await (await world.ada.api(`/api/tasks/${world.taskId}`)).json()) as {
      comments_total: number;
    };
    expect(task.comments_total).toBe(1);
  });

  it('lists comments oldest first', async () => {
    expect((await post(comment('second'))).status).toBe(201);
    const list = (await (await world.ada.api(`/api/tasks/${world.taskId}/comments`)).json()) as CommentView[];
    expect(list.map((c) => c.content_json.ops.at(-1)?.insert)).toEqual(['\n', 'second\n']);
  });

  it.each([
    ['an empty comment', { content_json: { ops: [{ insert: '\n' }] } }, 'The comment is empty.'],
    ['a comment of spaces', { content_json: { ops: [{ insert: '   \n\n' }] } }, 'The comment is empty.'],
    ['no ops at all', { content_json: { ops: [] } }, 'The comment is empty.'],
    ['an invalid Delta', { content_json: { ops: [{ delete: 3 }] } }, 'Invalid input'],
    [
      'an unknown format',
      { content_json: { ops: [{ insert: 'x', attributes: { onclick: 'x' } }] } },
      'Invalid input',
    ],
    ['HTML instead of a Delta', { content_json: '<img src=x onerror=alert(1)>' }, 'Invalid input'],
  ])('refuses %s with a 400 and writes nothing', async (_label, body, message) => {
    const before = await counts();
    events.length = 0;
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await counts()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('hides the task from outsiders (404) and needs a session (401)', async () => {
    expect((await post(comment('hi'), world.otto)).status).toBe(404);
    expect((await world.otto.api(`/api/tasks/${world.taskId}/comments`)).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/tasks/${world.taskId}/comments`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps comments_total exact under concurrent posts', async () => {
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(comment(`burst ${i}`))));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const after = await counts();
    expect(after).toEqual({ total: before.total + 8, rows: before.rows + 8, logs: before.logs + 8 });
  });

  it('lets the Figma integration add an authorless comment once per Figma comment id', async () => {
    const before = await counts();
    const input = {
      taskId: world.taskId,
      authorId: null,
      authorName: 'Figma (ada.figma)',
      contentJson: { ops: [{ insert: 'from the design\n' }] },
      figmaCommentId: 'fc-123',
    };
    const first = await server.deps.db.transaction().execute((trx) => createComment(trx, input));
    const second = await server.deps.db.transaction().execute((trx) => createComment(trx, input));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.comment.comment_id).toBe(first.comment.comment_id);
    expect(await counts()).toEqual({ total: before.total + 1, rows: before.rows + 1, logs: before.logs + 1 });
    const list = (await (await world.ada.api(`/api/tasks/${world.taskId}/comments`)).json()) as CommentView[];
    expect(list.at(-1)).toMatchObject({
      author_id: null,
      user: null,
      author_name: 'Figma (ada.figma)',
      is_from_figma: true,
    });
  });
});
