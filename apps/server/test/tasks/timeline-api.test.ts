// @database pglite

import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createComment } from '../../src/features/comments/commands/create-comment.ts';
import { type TaskWorld, taskWorldPerFile } from './task-content-world.ts';

let server: TestServer;
let world: TaskWorld;

taskWorldPerFile((started) => ({ server, world } = started));

interface Item {
  kind: 'comment' | 'log';
  type?: string;
  at: string;
  author: { firstname: string } | null;
  user?: { firstname: string } | null;
  metadata?: Record<string, { old: unknown; new: unknown }>;
  content_json?: { ops: Array<{ insert: string }> };
}

const task = () => `/api/tasks/${world.taskId}`;
const patch = (body: unknown) => world.ada.api(task(), { method: 'PATCH', body });
const saveContent = (text: string) =>
  world.ada.api(`${task()}/content`, {
    method: 'PATCH',
    body: { content_json: { ops: [{ insert: `${text}\n` }] } },
  });
const comment = (text: string) =>
  world.ada.api(`${task()}/comments`, {
    method: 'POST',
    body: { content_json: { ops: [{ insert: `${text}\n` }] } },
  });

describe('GET /api/tasks/:taskId/timeline', () => {
  it('lists log lines and comments in the order they happened, with author names', async () => {
    expect((await patch({ status: 'DOING' })).status).toBe(200);
    expect((await comment('first comment')).status).toBe(201);
    expect((await patch({ title: 'Write the better spec' })).status).toBe(200);
    expect((await saveContent('one')).status).toBe(200);
    expect((await saveContent('two')).status).toBe(200);
    expect((await patch({ assignee_id: world.ada.userId })).status).toBe(200);
    expect((await comment('second comment')).status).toBe(201);
    await server.deps.db.transaction().execute((trx) =>
      createComment(trx, {
        taskId: world.taskId,
        authorId: null,
        authorName: 'Figma',
        contentJson: { ops: [{ insert: 'from Figma\n' }] },
      }),
    );

    const response = await world.ada.api(`${task()}/timeline`);
    expect(response.status).toBe(200);
    const { items, names } = (await response.json()) as { items: Item[]; names: Record<string, string> };
    const summary = items.map((item) =>
      item.kind === 'log' ? `log:${item.type}` : `comment:${item.content_json?.ops[0]?.insert.trim()}`,
    );
    expect(summary).toEqual([
      'log:CREATION',
      'log:STATUS',
      'comment:first comment',
      'log:TITLE',
      'log:CONTENT',
      'log:ASSIGNEE',
      'comment:second comment',
      'comment:from Figma',
    ]);
    const sorted = [...items].sort((a, b) => a.at.localeCompare(b.at));
    expect(items.map((i) => i.at)).toEqual(sorted.map((i) => i.at));
    const status = items[1]!;
    expect(status.metadata?.status).toEqual({ old: 'TODO', new: 'DOING' });
    expect(status.author?.firstname).toBe('Ada');
    expect(items[3]!.metadata?.title).toEqual({ old: 'Write the spec', new: 'Write the better spec' });
    expect(names).toEqual({ [world.ada.userId]: 'Ada Lovelace' });
    const figma = items.at(-1)!;
    expect(figma.user).toBeNull();
  });

  it('is hidden from outsiders', async () => {
    expect((await world.otto.api(`${task()}/timeline`)).status).toBe(404);
    expect((await world.ada.api('/api/tasks/00000000-0000-4000-8000-000000000000/timeline')).status).toBe(
      404,
    );
  });
});
