// @database pglite
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PAYLOADS, SAMPLE_FILE_KEY, SAMPLE_NODE_ID } from '@figgle/test-support/fake-figma';
import { describe, expect, it } from 'vitest';
import { eventually, type FigmaWorld, figmaWorldPerFile, OWNER_TOKEN } from './figma-world.ts';

const MEMBER_TOKEN = 'figd_member-token-0000c3d4';
let world: FigmaWorld;

figmaWorldPerFile((started) => ({ world } = started), { connected: true });

const db = () => world.server.deps.db;

async function counts() {
  const [events, tasks, comments] = await Promise.all([
    db()
      .selectFrom('figma_event')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('task')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { events: Number(events.n), tasks: Number(tasks.n), comments: Number(comments.n) };
}

function eventOf(commentId: string) {
  return db()
    .selectFrom('figma_event')
    .selectAll()
    .where('figma_comment_id', '=', commentId)
    .executeTakeFirst();
}

/** Lets the server finish what it queued after answering (a delivery that changes nothing leaves no trace). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('the webhook receiver', () => {
  it('acknowledges a PING and stores nothing', async () => {
    const before = await counts();
    const answer = await world.figma.deliverPing();
    expect(answer.status).toBe(200);
    await settle();
    expect(await counts()).toEqual(before);
  });

  it("turns a top-level '#task' comment on a linked file into a task, pinned node and all", async () => {
    const started = Date.now();
    const answer = await world.figma.deliverTaskComment();
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    const event = await eventually(async () => {
      const row = await eventOf(PAYLOADS.fileCommentTopLevel.comment_id);
      return row?.task_id ? row : null;
    }, 'the task of the #task comment');
    expect(event).toMatchObject({
      organization_id: world.organizationId,
      figma_event_type: 'FILE_COMMENT',
      kind: 'TASK',
      figma_file_key: SAMPLE_FILE_KEY,
      figma_file_name: 'Checkout redesign',
      figma_triggered_by: 'Grace Hopper',
      content: 'Button contrast is too low on hover @Ada Lovelace #task',
      project_id: world.projectId,
    });
    const task = await db()
      .selectFrom('task')
      .selectAll()
      .where('task_id', '=', event.task_id!)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({
      project_id: world.projectId,
      title: 'Button contrast is too low on hover @Ada Lovelace',
      status: 'TODO',
      assignee_id: null,
      author_id: null,
      author_name: 'Figma',
      is_from_figma: true,
      figma_client_meta: { figma_file_key: SAMPLE_FILE_KEY, node_id: SAMPLE_NODE_ID },
    });
    // The pin came from the comments API, asked with the token that registered the webhook.
    const lookup = world.figma.requests('GET', new RegExp(`^/v1/files/${SAMPLE_FILE_KEY}/comments$`)).at(-1);
    expect(lookup?.token).toBe(OWNER_TOKEN);

    // The task is on the project's board for its members.
    const board = await world.member.api(`/api/projects/${world.projectId}/tasks`);
    const tasks = (await board.json()) as Array<{ task_id: string; title: string; is_from_figma: boolean }>;
    expect(tasks.find((t) => t.task_id === task.task_id)).toMatchObject({ is_from_figma: true });
  });

  it("ignores Figma's retry of the same comment", async () => {
    const before = await counts();
    const answer = await world.figma.deliverTaskComment({ retries: 1 });
    expect(answer.status).toBe(200);
    await settle();
    expect(await counts()).toEqual(before);
  });

  it('turns a reply in that thread into a comment on the task, by the commenter', async () => {
    const answer = await world.figma.deliverReply();
    expect(answer.status).toBe(200);
    const root = await eventOf(PAYLOADS.fileCommentTopLevel.comment_id);
    const comment = await eventually(
      () =>
        db()
          .selectFrom('comment')
          .selectAll()
          .where('figma_comment_id', '=', PAYLOADS.fileCommentReply.comment_id)
          .executeTakeFirst(),
      'the comment of the reply',
    );
    expect(comment).toMatchObject({
      task_id: root!.task_id,
      author_id: null,
      author_name: 'Ada Lovelace',
      content_json: { ops: [{ insert: 'Fixed in v3, please check again\n' }] },
    });
    const event = await eventOf(PAYLOADS.fileCommentReply.comment_id);
    expect(event).toMatchObject({ kind: 'REPLY', task_id: root!.task_id, project_id: world.projectId });
    const task = await db()
      .selectFrom('task')
      .select('comments_total')
      .where('task_id', '=', root!.task_id!)
      .executeTakeFirstOrThrow();
    expect(task.comments_total).toBe(1);

    // The retry of the reply adds nothing.
    const before = await counts();
    await world.figma.deliverReply({ retries: 1 });
    await settle();
    expect(await counts()).toEqual(before);
  });

  it('keeps a plain comment for the radar, with its linked project, without a task', async () => {
    const before = await counts();
    await world.figma.deliverPlainComment({ commentId: '2000000001' });
    const event = await eventually(() => eventOf('2000000001'), 'the plain comment');
    expect(event).toMatchObject({ kind: 'COMMENT', task_id: null, project_id: world.projectId });
    expect((await counts()).tasks).toBe(before.tasks);
  });

  it("keeps a '#task' comment of an unlinked file for the radar, without a task", async () => {
    const before = await counts();
    await world.figma.deliverTaskComment({
      commentId: '2000000002',
      fileKey: 'UnlinkedFile000001',
      fileName: 'Marketing site',
      fragments: [{ text: 'Hero is off-brand #task' }],
      mentions: [],
    });
    const event = await eventually(() => eventOf('2000000002'), 'the unlinked comment');
    expect(event).toMatchObject({
      kind: 'TASK',
      task_id: null,
      project_id: null,
      figma_file_name: 'Marketing site',
    });
    expect((await counts()).tasks).toBe(before.tasks);
  });

  describe('refuses bad deliveries with a 4xx, storing nothing', () => {
    it.each([
      [
        'a wrong passcode',
        () => world.figma.deliverTaskComment({ commentId: '3000000001', passcode: 'wrong-passcode' }),
      ],
      ['an empty passcode', () => world.figma.deliverTaskComment({ commentId: '3000000002', passcode: '' })],
      [
        'an unknown webhook id',
        () =>
          world.figma.deliverRaw(
            JSON.stringify({
              ...PAYLOADS.fileCommentTopLevel,
              comment_id: '3000000003',
              webhook_id: '999999',
            }),
          ),
      ],
      ['a PING with a wrong passcode', () => world.figma.deliverPing({ passcode: 'nope' })],
    ])('%s: 400', async (_label, send) => {
      const before = await counts();
      const answer = await send();
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'webhook_refused' });
      await settle();
      expect(await counts()).toEqual(before);
    });

    it('malformed JSON: 400', async () => {
      const before = await counts();
      const answer = await world.figma.deliverRaw('{"event_type": "FILE_COMMENT", ');
      expect(answer.status).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('an oversized body: 413', async () => {
      const webhook = world.figma.latestWebhook()!;
      const before = await counts();
      const answer = await world.figma.deliverRaw(
        JSON.stringify({
          ...PAYLOADS.fileCommentTopLevel,
          comment_id: '3000000004',
          webhook_id: webhook.id,
          passcode: webhook.passcode,
          comment: [{ text: `${'x'.repeat(200_000)} #task` }],
        }),
      );
      expect(answer.status).toBe(413);
      await settle();
      expect(await counts()).toEqual(before);
    });

    it('not JSON at all: 4xx', async () => {
      const answer = await world.figma.deliverRaw(
        'event_type=FILE_COMMENT',
        'application/x-www-form-urlencoded',
      );
      expect([400, 415]).toContain(answer.status);
      const text = await world.figma.deliverRaw('hello', 'text/plain');
      expect(text.status).toBe(400);
    });

    it('a JSON array or null: 400', async () => {
      expect((await world.figma.deliverRaw('[1,2,3]')).status).toBe(400);
      expect((await world.figma.deliverRaw('null')).status).toBe(400);
    });

    it('an authentic FILE_COMMENT missing its fields: 400', async () => {
      const webhook = world.figma.latestWebhook()!;
      const before = await counts();
      const answer = await world.figma.deliverRaw(
        JSON.stringify({
          event_type: 'FILE_COMMENT',
          webhook_id: webhook.id,
          passcode: webhook.passcode,
          comment: 'text',
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_delivery' });
      await settle();
      expect(await counts()).toEqual(before);
    });

    it('an authentic event of another type: 200, ignored', async () => {
      const webhook = world.figma.latestWebhook()!;
      const before = await counts();
      for (const eventType of ['FILE_UPDATE', 'FILE_VERSION_UPDATE', 'LIBRARY_PUBLISH', 'SOMETHING_NEW']) {
        const answer = await world.figma.deliverRaw(
          JSON.stringify({
            event_type: eventType,
            webhook_id: webhook.id,
            passcode: webhook.passcode,
            file_key: SAMPLE_FILE_KEY,
            timestamp: new Date().toISOString(),
          }),
        );
        expect(answer.status).toBe(200);
      }
      await settle();
      expect(await counts()).toEqual(before);
    });
  });
});

describe('the radar', () => {
  type Page = {
    events: Array<{
      figma_event_id: string;
      kind: string;
      content: string;
      project: unknown;
      task_id: string | null;
      figma_file_url: string;
      created_at: string;
    }>;
    has_more: boolean;
  };

  it("lists the organization's events newest first, with paging", async () => {
    for (let i = 0; i < 12; i += 1) {
      await world.figma.deliverPlainComment({
        commentId: `41000000${String(i).padStart(2, '0')}`,
        text: `Note ${i}`,
      });
    }
    await eventually(() => eventOf('4100000011'), 'the last note');
    const first = (await (await world.member.api('/api/figma-events?offset=0&limit=10')).json()) as Page;
    expect(first.events).toHaveLength(10);
    expect(first.has_more).toBe(true);
    expect(first.events[0]!.content).toBe('Note 11');
    const dates = first.events.map((e) => Date.parse(e.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(first.events[0]).toMatchObject({
      kind: 'COMMENT',
      project: { project_id: world.projectId, name: 'Checkout', trigram: 'CHK' },
      figma_file_url: `https://www.figma.com/design/${SAMPLE_FILE_KEY}`,
    });
    const all = (await (await world.member.api('/api/figma-events?offset=0&limit=100')).json()) as Page;
    const second = (await (await world.member.api('/api/figma-events?offset=10&limit=10')).json()) as Page;
    expect(second.events.map((e) => e.figma_event_id)).toEqual(
      all.events.slice(10, 20).map((e) => e.figma_event_id),
    );
    const task = all.events.find((e) => e.kind === 'TASK' && e.task_id);
    expect(task?.figma_file_url).toBe(`https://www.figma.com/design/${SAMPLE_FILE_KEY}?node-id=12-345`);
  });

  it('shows nothing of the organization to an outsider and refuses bad paging', async () => {
    const outsider = (await (await world.outsider.api('/api/figma-events')).json()) as Page;
    expect(outsider.events).toEqual([]);
    expect((await world.member.api('/api/figma-events?limit=0')).status).toBe(400);
    expect((await world.member.api('/api/figma-events?limit=1000')).status).toBe(400);
    expect((await world.member.api('/api/figma-events?offset=-1')).status).toBe(400);
    const event = await eventOf('2000000001');
    expect((await world.outsider.api(`/api/figma-events/${event!.figma_event_id}`)).status).toBe(404);
  });

  it('creates a task from an event: first 100 characters, TODO, no assignee; once', async () => {
    const long = `${'Please make the checkout summary sticky on tablets, '.repeat(4)}thanks`;
    await world.figma.deliverPlainComment({ commentId: '5000000001', text: long });
    const event = await eventually(() => eventOf('5000000001'), 'the long comment');
    const path = `/api/figma-events/${event.figma_event_id}/task`;

    const projects = (await (
      await world.member.api(`/api/figma-events/${event.figma_event_id}/projects`)
    ).json()) as Array<{
      project_id: string;
    }>;
    expect(projects.map((p) => p.project_id)).toEqual([world.projectId]);

    expect((await world.outsider.api(path, { body: { project_id: world.projectId } })).status).toBe(404);
    const foreign = await world.member.api(path, { body: { project_id: await outsiderProject() } });
    expect([400, 404]).toContain(foreign.status);
    expect((await world.member.api(path, { body: { project_id: 'nope' } })).status).toBe(400);

    const answer = await world.member.api(path, { body: { project_id: world.projectId } });
    expect(answer.status).toBe(201);
    const created = (await answer.json()) as { task_id: string; title: string; reference: number };
    expect(created.title).toBe(long.slice(0, 100).trim());
    const task = await db()
      .selectFrom('task')
      .selectAll()
      .where('task_id', '=', created.task_id)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({
      title: long.slice(0, 100).trim(),
      status: 'TODO',
      assignee_id: null,
      author_id: world.member.userId,
      is_from_figma: false,
      figma_client_meta: { figma_file_key: SAMPLE_FILE_KEY, node_id: '40:7' },
    });
    expect((await eventOf('5000000001'))?.task_id).toBe(created.task_id);

    const again = await world.member.api(path, { body: { project_id: world.projectId } });
    expect(again.status).toBe(409);

    // Replies in that thread now become comments on the task.
    await world.figma.deliverReply({
      commentId: '5000000002',
      parentId: '5000000001',
      fragments: [{ text: 'Agreed' }],
    });
    const comment = await eventually(
      () =>
        db()
          .selectFrom('comment')
          .selectAll()
          .where('figma_comment_id', '=', '5000000002')
          .executeTakeFirst(),
      'the reply comment',
    );
    expect(comment.task_id).toBe(created.task_id);
  });

  async function outsiderProject(): Promise<string> {
    const response = await world.outsider.api('/api/projects', {
      body: { name: 'Elsewhere project', trigram: 'ELS', organization_id: world.outsiderOrganizationId },
    });
    return ((await response.json()) as { project_id: string }).project_id;
  }
});

describe('the node image of a Figma task', () => {
  async function figmaTaskId(): Promise<string> {
    const event = await eventOf(PAYLOADS.fileCommentTopLevel.comment_id);
    return event!.task_id!;
  }

  it('is rendered through the images API once, then served from the cache', async () => {
    const taskId = await figmaTaskId();
    const rendersBefore = world.figma.requests('GET', /^\/v1\/images\//).length;
    const first = await world.member.api(`/api/tasks/${taskId}/figma-image`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(world.figma.requests('GET', /^\/v1\/images\//).length).toBe(rendersBefore + 1);
    expect(world.figma.requests('GET', /^\/v1\/images\//).at(-1)?.query.ids).toBe(SAMPLE_NODE_ID);

    const second = await world.member.api(`/api/tasks/${taskId}/figma-image`);
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(world.figma.requests('GET', /^\/v1\/images\//).length).toBe(rendersBefore + 1);
    const cached = readdirSync(path.join(world.server.env.DATA_DIR, 'figma-images'));
    expect(cached.filter((name) => name.endsWith('.png'))).toHaveLength(1);
  });

  it('is not for outsiders, nor for a task without a design node', async () => {
    const taskId = await figmaTaskId();
    expect((await world.outsider.api(`/api/tasks/${taskId}/figma-image`)).status).toBe(404);
    const plain = await world.owner.api(`/api/projects/${world.projectId}/tasks`, {
      body: { title: 'Plain task' },
    });
    const plainId = ((await plain.json()) as { task_id: string }).task_id;
    expect((await world.owner.api(`/api/tasks/${plainId}/figma-image`)).status).toBe(404);
    expect((await world.owner.api('/api/tasks/not-a-uuid/figma-image')).status).toBe(400);
  });

  it('says so clearly when Figma rate-limits and nothing is cached', async () => {
    await world.figma.deliverTaskComment({
      commentId: '6000000001',
      fragments: [{ text: 'Another node #task' }],
      mentions: [],
      nodeId: '77:1',
    });
    const event = await eventually(async () => {
      const row = await eventOf('6000000001');
      return row?.task_id ? row : null;
    }, 'the second task');
    // The new link's Dev Mode status is read with the owner's token first: the 429 is not for it.
    await eventually(
      async () =>
        world.figma.requests('GET', /\/nodes$/).some((r) => r.query.ids!.split(',').includes('77:1')),
      'the dev status read',
    );
    // The member's own token renders for them; only it is held back by the 429.
    world.figma.tokens.add(MEMBER_TOKEN);
    await world.member.api('/api/me/figma-token', { method: 'PUT', body: { token: MEMBER_TOKEN } });
    world.figma.rateLimitNext(1, 3600);
    const answer = await world.member.api(`/api/tasks/${event.task_id}/figma-image`);
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toMatch(/try again in 1 hour/);
    expect(world.figma.requests('GET', /^\/v1\/images\//).at(-1)?.token).toBe(MEMBER_TOKEN);
  });
});

describe('Back to Figma', () => {
  it('replies once in the thread when the Figma task is done and the option is on', async () => {
    const root = await eventOf(PAYLOADS.fileCommentTopLevel.comment_id);
    const taskId = root!.task_id!;
    const replies = () =>
      world.figma
        .requests('POST', new RegExp(`^/v1/files/${SAMPLE_FILE_KEY}/comments$`))
        .filter((r) => (r.body as { comment_id?: string }).comment_id === root!.figma_comment_id);

    // Off by default: DONE sends nothing.
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await settle();
    expect(replies()).toHaveLength(0);
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } });

    await world.owner.api(`/api/organizations/${world.organizationId}/figma-reply-on-done`, {
      method: 'PUT',
      body: { enabled: true },
    });
    const done = await world.member.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { status: 'DONE' },
    });
    expect(done.status).toBe(200);
    const reference = ((await done.json()) as { reference: number }).reference;
    await eventually(async () => replies().length === 1, 'the done reply');
    expect(replies()[0]!.body).toEqual({
      message: `Done in Figgle: CHK-${reference}`,
      comment_id: root!.figma_comment_id,
    });
    expect(replies()[0]!.token).toBe(OWNER_TOKEN);

    // Reopened and done again: still one reply.
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'TODO' } });
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await settle();
    expect(replies()).toHaveLength(1);
  });

  it('tries again on the next DONE when Figma failed', async () => {
    const root = await eventOf('6000000001');
    const taskId = root!.task_id!;
    const replies = () =>
      world.figma
        .requests('POST', /\/comments$/)
        .filter((r) => (r.body as { comment_id?: string }).comment_id === '6000000001');
    world.figma.tokens.delete(OWNER_TOKEN);
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await eventually(async () => replies().length === 1, 'the refused reply');
    await settle();
    world.figma.tokens.add(OWNER_TOKEN);
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DOING' } });
    await world.member.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
    await eventually(async () => replies().length === 2, 'the second attempt');
    await settle();
    expect((await eventOf('6000000001'))?.done_reply_at).toBeInstanceOf(Date);
  });
});
