// @database pglite

import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/realtime/bus.ts';
import { type TaskWorld, taskWorldPerFile } from './task-content-world.ts';

let server: TestServer;
let world: TaskWorld;
const events: BusEvent[] = [];

taskWorldPerFile((started) => ({ server, world } = started));
beforeAll(() => {
  server.deps.bus.subscribe((event) => events.push(event));
});

const description = {
  ops: [
    { insert: 'Goals', attributes: { bold: true } },
    { insert: '\n', attributes: { header: 1 } },
    { insert: 'fast' },
    { insert: '\n', attributes: { list: 'bullet' } },
  ],
};

const save = (contentJson: unknown, user = world.ada) =>
  user.api(`/api/tasks/${world.taskId}/content`, { method: 'PATCH', body: { content_json: contentJson } });

async function taskRow() {
  return server.deps.db
    .selectFrom('task')
    .selectAll()
    .where('task_id', '=', world.taskId)
    .executeTakeFirstOrThrow();
}
async function contentLogs() {
  return server.deps.db
    .selectFrom('log')
    .selectAll()
    .where('task_id', '=', world.taskId)
    .where('type', '=', 'CONTENT')
    .execute();
}

describe('PATCH /api/tasks/:taskId/content', () => {
  it('saves the description, who changed it, and one CONTENT log line', async () => {
    const before = await taskRow();
    events.length = 0;
    const response = await save(description);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      task_id: world.taskId,
      content_json: description,
      last_modified_by: world.ada.userId,
      version: before.version + 1,
    });
    const row = await taskRow();
    expect(row.content_json).toEqual(description);
    expect(row.last_modified_by).toBe(world.ada.userId);
    const logs = await contentLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ author_id: world.ada.userId, metadata: { content: true } });
    expect(events.map((e) => `${e.kind}:${e.action}`)).toEqual(['task:updated', 'log:created']);
    expect(events[0]).toMatchObject({ taskId: world.taskId, organizationId: world.organizationId });

    const read = await world.ada.api(`/api/tasks/${world.taskId}`);
    expect(((await read.json()) as { content_json: unknown }).content_json).toEqual(description);
  });

  it('collapses successive description saves into the latest CONTENT line', async () => {
    const [first] = await contentLogs();
    const again = { ops: [...description.ops, { insert: 'more\n' }] };
    expect((await save(again)).status).toBe(200);
    const logs = await contentLogs();
    expect(logs).toHaveLength(1);
    expect(logs[0]!.log_id).toBe(first!.log_id);
    expect(logs[0]!.updated_at.getTime()).toBeGreaterThan(first!.updated_at.getTime());
  });

  it('starts a new line once something else was logged in between', async () => {
    const patch = await world.ada.api(`/api/tasks/${world.taskId}`, {
      method: 'PATCH',
      body: { status: 'DOING' },
    });
    expect(patch.status).toBe(200);
    expect((await save({ ops: [{ insert: 'rewritten\n' }] })).status).toBe(200);
    expect(await contentLogs()).toHaveLength(2);
  });

  it('writes nothing when the document did not change', async () => {
    const before = await taskRow();
    events.length = 0;
    const response = await save({ ops: [{ insert: 'rewritten\n' }] });
    expect(response.status).toBe(200);
    expect((await taskRow()).version).toBe(before.version);
    expect(await contentLogs()).toHaveLength(2);
    expect(events).toEqual([]);
  });

  it('adds the closing newline a bare text lacks', async () => {
    expect((await save({ ops: [{ insert: 'no newline' }] })).status).toBe(200);
    expect((await taskRow()).content_json).toEqual({ ops: [{ insert: 'no newline' }, { insert: '\n' }] });
  });

  it.each([
    ['not a document', 'hello', 'body.content_json'],
    ['a missing document', undefined, 'body.content_json'],
    ['a retain', { ops: [{ retain: 1 }] }, 'body.content_json.ops.0'],
    [
      'an unknown format',
      { ops: [{ insert: 'x', attributes: { blink: true } }, { insert: '\n' }] },
      'body.content_json.ops.0.attributes.blink',
    ],
    [
      'a header past 6',
      { ops: [{ insert: 'x' }, { insert: '\n', attributes: { header: 9 } }] },
      'body.content_json.ops.1.attributes.header',
    ],
    [
      'a javascript: link',
      { ops: [{ insert: 'x', attributes: { link: 'javascript:alert(1)' } }, { insert: '\n' }] },
      'body.content_json.ops.0.attributes.link',
    ],
    [
      'an SVG data image',
      { ops: [{ insert: { imageblock: 'data:image/svg+xml,<svg onload=alert(1)>' } }] },
      'body.content_json.ops.0.insert.imageblock',
    ],
  ])('refuses %s with a 400 naming the place, and stores nothing', async (_label, contentJson, path) => {
    const before = await taskRow();
    const response = await save(contentJson);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; issues: Array<{ path: string }> };
    expect(body.code).toBe('validation_failed');
    expect(body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    const after = await taskRow();
    expect(after.content_json).toEqual(before.content_json);
    expect(after.version).toBe(before.version);
  });

  it('answers 404 to someone outside the organization, 401 without a session, 400 on a bad id', async () => {
    expect((await save(description, world.otto)).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/tasks/${world.taskId}/content`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ content_json: description }),
    });
    expect(anonymous.status).toBe(401);
    const badId = await world.ada.api('/api/tasks/not-a-uuid/content', {
      method: 'PATCH',
      body: { content_json: description },
    });
    expect(badId.status).toBe(400);
  });

  it('keeps the OpenAPI description buildable', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const spec = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/tasks/{taskId}/content',
        '/api/tasks/{taskId}/comments',
        '/api/tasks/{taskId}/timeline',
        '/api/uploads',
      ]),
    );
  });
});
