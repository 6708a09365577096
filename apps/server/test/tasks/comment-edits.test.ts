// @database pglite
import {
  COMMENT_MAX_LENGTH,
  COMMENT_NOT_YOURS_MESSAGE,
  COMMENT_TOO_LONG_MESSAGE,
  type CommentView,
} from '@figgle/shared/comment-schemas';
import { topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';
import { eventsOn, TestSocket } from '../realtime/realtime-socket.ts';

/** Issue 39, item 4: authors edit and delete their own comments; nobody else does. */
let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let projectId: string;

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  const project = await world.owner.api('/api/projects', {
    body: { name: 'Engine', trigram: 'ENG', organization_id: world.organizationId },
  });
  projectId = ((await project.json()) as { project_id: string }).project_id;
});

const doc = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

async function newTask(): Promise<string> {
  const response = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title: 'Task' } });
  return ((await response.json()) as { task_id: string }).task_id;
}

async function commentAs(user: TestUser, taskId: string, text: string): Promise<CommentView> {
  const response = await user.api(`/api/tasks/${taskId}/comments`, { body: { content_json: doc(text) } });
  expect(response.status).toBe(201);
  return (await response.json()) as CommentView;
}

const edit = (user: TestUser, commentId: string, content_json: unknown) =>
  user.api(`/api/comments/${commentId}`, { method: 'PATCH', body: { content_json } });
const remove = (user: TestUser, commentId: string) =>
  user.api(`/api/comments/${commentId}`, { method: 'DELETE' });

async function stored(commentId: string) {
  return server.deps.db
    .selectFrom('comment')
    .select(['content_json', 'edited_at'])
    .where('comment_id', '=', commentId)
    .executeTakeFirst();
}

async function logTypes(taskId: string): Promise<string[]> {
  const rows = await server.deps.db
    .selectFrom('log')
    .select('type')
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.type);
}

async function commentsTotal(taskId: string): Promise<number> {
  const task = await server.deps.db
    .selectFrom('task')
    .select('comments_total')
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return task.comments_total;
}

describe('editing a comment', () => {
  it('lets its author replace the text, marks it edited, logs it and tells the task page live', async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'Frist draft');
    expect(comment.edited_at).toBeNull();
    const watcher = await TestSocket.open(server.url, { cookie: world.owner.cookie, origin: server.url });
    try {
      await watcher.subscribe(topics.task(taskId));
      const from = watcher.mark();
      const response = await edit(world.member, comment.comment_id, doc('First draft'));
      expect(response.status).toBe(200);
      const edited = (await response.json()) as CommentView;
      expect(edited.content_json).toEqual(doc('First draft'));
      expect(edited.edited_at).not.toBeNull();
      expect(edited.created_at).toBe(comment.created_at);

      const frame = await watcher.next(
        (f) => eventsOn(topics.task(taskId))(f) && f.type === 'event' && f.kind === 'comment',
        from,
      );
      expect(frame).toMatchObject({
        action: 'updated',
        id: comment.comment_id,
        data: { edited_at: edited.edited_at },
      });
    } finally {
      watcher.close();
    }
    expect(await logTypes(taskId)).toEqual(['CREATION', 'COMMENT', 'COMMENT_EDIT']);
    const timeline = (await (await world.owner.api(`/api/tasks/${taskId}/timeline`)).json()) as {
      items: Array<{ kind: string; type?: string; edited_at?: string | null }>;
    };
    expect(timeline.items.find((item) => item.kind === 'comment')?.edited_at).toBe(
      (await stored(comment.comment_id))?.edited_at?.toISOString(),
    );
    expect(timeline.items.some((item) => item.kind === 'log' && item.type === 'COMMENT_EDIT')).toBe(true);
  });

  it("refuses another member's edit (even an owner's) with 403 and changes nothing", async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'Mine');
    const response = await edit(world.owner, comment.comment_id, doc('Not yours'));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(COMMENT_NOT_YOURS_MESSAGE);
    expect(await stored(comment.comment_id)).toEqual({ content_json: doc('Mine'), edited_at: null });
    expect(await logTypes(taskId)).toEqual(['CREATION', 'COMMENT']);
  });

  it('answers 404 to someone outside the organization, saying nothing of the comment', async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'Private words');
    const response = await edit(world.outsider, comment.comment_id, doc('Taken'));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Private words');
    expect((await remove(world.outsider, comment.comment_id)).status).toBe(404);
    expect((await stored(comment.comment_id))?.content_json).toEqual(doc('Private words'));
  });

  it('refuses an edit of a comment whose task was deleted with 404', async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'Before the delete');
    expect((await world.owner.api(`/api/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
    const response = await edit(world.member, comment.comment_id, doc('After the delete'));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Comment not found.');
    expect((await remove(world.member, comment.comment_id)).status).toBe(404);
    expect(await stored(comment.comment_id)).toEqual({
      content_json: doc('Before the delete'),
      edited_at: null,
    });
  });

  it('refuses 100,000 characters with 400 and the limit in words, and a blank or broken document', async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'Short');
    const long = await edit(world.member, comment.comment_id, doc('x'.repeat(100_000)));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(COMMENT_TOO_LONG_MESSAGE);
    const justOver = await edit(world.member, comment.comment_id, doc('y'.repeat(COMMENT_MAX_LENGTH)));
    expect(justOver.status).toBe(400);
    expect((await edit(world.member, comment.comment_id, doc('   '))).status).toBe(400);
    expect((await edit(world.member, comment.comment_id, { ops: 'nope' })).status).toBe(400);
    expect((await edit(world.member, 'not-a-uuid', doc('Hi'))).status).toBe(400);
    expect(await stored(comment.comment_id)).toEqual({ content_json: doc('Short'), edited_at: null });
    // A new comment has the same limit.
    const response = await world.member.api(`/api/tasks/${taskId}/comments`, {
      body: { content_json: doc('z'.repeat(100_000)) },
    });
    expect(response.status).toBe(400);
    expect(await commentsTotal(taskId)).toBe(1);
    // Just at the limit is fine (the closing line break is the document's, not the author's text).
    const atLimit = await edit(world.member, comment.comment_id, {
      ops: [{ insert: 'w'.repeat(COMMENT_MAX_LENGTH - 1) }],
    });
    expect(atLimit.status).toBe(200);
  });
});

describe('deleting a comment', () => {
  it('removes it for its author, lowers the count, logs it and tells the task page live', async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.member, taskId, 'To remove');
    await commentAs(world.owner, taskId, 'To keep');
    expect(await commentsTotal(taskId)).toBe(2);
    const watcher = await TestSocket.open(server.url, { cookie: world.owner.cookie, origin: server.url });
    try {
      await watcher.subscribe(topics.task(taskId));
      const from = watcher.mark();
      expect((await remove(world.member, comment.comment_id)).status).toBe(204);
      const frame = await watcher.next(
        (f) => eventsOn(topics.task(taskId))(f) && f.type === 'event' && f.kind === 'comment',
        from,
      );
      expect(frame).toMatchObject({ action: 'deleted', id: comment.comment_id });
    } finally {
      watcher.close();
    }
    expect(await stored(comment.comment_id)).toBeUndefined();
    expect(await commentsTotal(taskId)).toBe(1);
    expect(await logTypes(taskId)).toEqual(['CREATION', 'COMMENT', 'COMMENT', 'COMMENT_DELETE']);
    const list = (await (await world.owner.api(`/api/tasks/${taskId}/comments`)).json()) as CommentView[];
    expect(list.map((item) => item.content_json)).toEqual([doc('To keep')]);
    // Twice: the comment is gone.
    expect((await remove(world.member, comment.comment_id)).status).toBe(404);
    expect(await commentsTotal(taskId)).toBe(1);
  });

  it("refuses another member's delete with 403 and keeps the comment", async () => {
    const taskId = await newTask();
    const comment = await commentAs(world.owner, taskId, "The owner's");
    const response = await remove(world.member, comment.comment_id);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(COMMENT_NOT_YOURS_MESSAGE);
    expect((await stored(comment.comment_id))?.content_json).toEqual(doc("The owner's"));
    expect(await commentsTotal(taskId)).toBe(1);
  });
});
