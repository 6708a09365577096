// @database both
import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import type { TestServer } from '@figgle/test-support/test-server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COMMENT_FAN_OUT_JOB,
  INLINE_FAN_OUT_LIMIT,
  recordComment,
} from '../../src/features/notifications/commands/record.ts';
import { eventsOn, TestSocket } from '../realtime/realtime-socket.ts';
import { createTask, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { queueSettled } from './queue-settled.ts';
import { addWatchers as addWatchersTo } from './watchers-world.ts';

// A comment on a task with more watchers than INLINE_FAN_OUT_LIMIT: the request stores one job, and
// the worker tells every watcher right after the commit, once each.

let server: TestServer;
let world: RealtimeWorld;
const sockets: TestSocket[] = [];
const MANY = INLINE_FAN_OUT_LIMIT + 15;

realtimeWorldPerFile((started) => ({ server, world } = started));
afterAll(() => {
  for (const socket of sockets) socket.ws.close();
});

/** `count` members of the organization who watch the task, and one watcher who is no member. */
const addWatchers = async (taskId: string, count: number) =>
  addWatchersTo(server, { organizationId: world.organizationId, taskId, count, label: 'fan-out' });

const commentRows = (taskId: string) =>
  server.deps.db
    .selectFrom('notification')
    .select(['user_id', 'kind'])
    .where('task_id', '=', taskId)
    .execute();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > 10_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a comment on a task with many watchers', () => {
  it('tells every member who watches once, after the commit, and nobody else', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Watched by many');
    const members = await addWatchers(taskId, MANY);
    const socket = await TestSocket.open(server.url, { cookie: world.member.cookie });
    sockets.push(socket);
    await socket.subscribe(topics.notifications);
    const mark = socket.mark();
    const watch = await world.member.api(`/api/tasks/${taskId}/watch`, { method: 'PUT' });
    expect(watch.status).toBe(200);

    const answer = await world.owner.api(`/api/tasks/${taskId}/comments`, {
      body: { content_json: { ops: [{ insert: 'Look, everyone\n' }] } },
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { comment_id: commentId } = (await answer.json()) as { comment_id: string };

    const expected = [...members, world.member.userId].sort();
    const rows = await until(
      () => commentRows(taskId),
      (found) => found.length >= expected.length,
    );
    expect(rows.map((row) => row.user_id).sort()).toEqual(expected);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['comment']));
    const told = await socket.next<EventFrame>(eventsOn(topics.notifications), mark);
    expect(told).toMatchObject({ kind: 'notification', id: world.member.userId, taskId });

    const job = await server.deps.db
      .selectFrom('job')
      .select(['state'])
      .where('kind', '=', COMMENT_FAN_OUT_JOB)
      .where('dedupe_key', '=', commentId)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    // Once no job is running or due within the 1.5 s this used to wait, nobody was told twice.
    await queueSettled(server, 1_500);
    expect(await commentRows(taskId)).toHaveLength(expected.length);
  });

  it('tells nobody when the task is deleted before the job runs, and marks the job done', async () => {
    const taskId = await createTask(world.owner, world.projectId, 'Deleted at once');
    await addWatchers(taskId, MANY);
    // One transaction writes the comment and deletes the task: the job finds no live task.
    const written = await server.deps.db.transaction().execute(async (trx) => {
      const comment = await trx
        .insertInto('comment')
        .values({
          task_id: taskId,
          author_id: world.owner.userId,
          content_json: JSON.stringify({ ops: [{ insert: 'x\n' }] }),
        })
        .returning('comment_id')
        .executeTakeFirstOrThrow();
      const place = { taskId, projectId: world.projectId, organizationId: world.organizationId };
      const notified = await recordComment(trx, place, world.owner.userId, comment.comment_id, {
        ops: [{ insert: 'x\n' }],
      });
      await trx.updateTable('task').set({ deleted_at: new Date() }).where('task_id', '=', taskId).execute();
      return { notified, commentId: comment.comment_id };
    });
    expect(written.notified.fanOutQueued).toBe(true);
    const job = await until(
      () =>
        server.deps.db
          .selectFrom('job')
          .select(['state'])
          .where('kind', '=', COMMENT_FAN_OUT_JOB)
          .where('dedupe_key', '=', written.commentId)
          .executeTakeFirstOrThrow(),
      (found) => found.state === 'done',
    );
    expect(job.state).toBe('done');
    expect(await commentRows(taskId)).toEqual([]);
  });
});
