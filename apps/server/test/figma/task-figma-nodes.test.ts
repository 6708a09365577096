// @database both
import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import { SAMPLE_FILE_KEY, SAMPLE_NODE_ID } from '@figgle/test-support/fake-figma';
import { describe, expect, it } from 'vitest';
import { type FigmaWorld, figmaWorldPerFile } from './figma-world.ts';

// The Figma nodes a task links (migration 0027): the trigger that links a comment's node, and the
// routes that read, add and remove links.

let world: FigmaWorld;

figmaWorldPerFile((started) => ({ world } = started), { connected: false });

const db = () => world.server.deps.db;
const nodeLink = (nodeParam: string) =>
  `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout-flow?node-id=${nodeParam}&t=AbC123-1`;

async function newTask(title: string): Promise<string> {
  const response = await world.member.api(`/api/projects/${world.projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function linksOf(taskId: string): Promise<TaskFigmaNode[]> {
  const response = await world.member.api(`/api/tasks/${taskId}/figma-nodes`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskFigmaNode[];
}

async function versionOf(taskId: string): Promise<number> {
  const row = await db()
    .selectFrom('task')
    .select('version')
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row.version;
}

describe('a task made from a Figma comment', () => {
  it('links the node the comment is pinned on, whichever path inserts the task', async () => {
    // The trigger of migration 0027 works on the row itself: inserted here as the webhook, the radar
    // and an import insert theirs.
    const task = await db()
      .insertInto('task')
      .values({
        project_id: world.projectId,
        reference: 9001,
        title: 'From a comment',
        rank: 'a0V',
        figma_client_meta: JSON.stringify({ figma_file_key: SAMPLE_FILE_KEY, node_id: SAMPLE_NODE_ID }),
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    const links = await linksOf(task.task_id);
    expect(links).toEqual([
      expect.objectContaining({ file_key: SAMPLE_FILE_KEY, node_id: SAMPLE_NODE_ID, source: 'comment' }),
    ]);
    expect(links[0]?.url).toBe(
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}?node-id=${SAMPLE_NODE_ID.replace(':', '-')}`,
    );
  });

  it('links nothing for a comment pinned nowhere', async () => {
    const task = await db()
      .insertInto('task')
      .values({
        project_id: world.projectId,
        reference: 9002,
        title: 'From an unpinned comment',
        rank: 'a0W',
        figma_client_meta: JSON.stringify({ figma_file_key: SAMPLE_FILE_KEY }),
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    expect(await linksOf(task.task_id)).toEqual([]);
  });
});

describe('linking a design by its address', () => {
  it('adds the node of a pasted link, in the API form of its id, and the task takes a new version', async () => {
    const taskId = await newTask('Checkout button');
    const before = await versionOf(taskId);
    const response = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: nodeLink('12-34') },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const link = (await response.json()) as TaskFigmaNode;
    expect(link).toMatchObject({
      task_id: taskId,
      file_key: SAMPLE_FILE_KEY,
      node_id: '12:34',
      source: 'link',
    });
    expect(await linksOf(taskId)).toEqual([link]);
    expect(await versionOf(taskId)).toBe(before + 1);
  });

  it('refuses what is not a node link, and a node linked twice, changing nothing', async () => {
    const taskId = await newTask('Empty state');
    for (const url of [
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout-flow`,
      'https://example.com/design/AbCdEfGhIjKl/x?node-id=1-2',
      'not a link',
    ]) {
      const response = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, { body: { url } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /not a link to a frame or layer/,
      );
    }
    const empty = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, { body: { url: '  ' } });
    expect(empty.status).toBe(400);

    const first = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: nodeLink('5-6') },
    });
    expect(first.status).toBe(201);
    const again = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: nodeLink('5-6') },
    });
    expect(again.status).toBe(409);
    expect(await linksOf(taskId)).toHaveLength(1);
  });

  it('refuses a link past the limit of 50 per task', async () => {
    const taskId = await newTask('Many frames');
    await db()
      .insertInto('task_figma_node')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          task_id: taskId,
          organization_id: world.organizationId,
          file_key: SAMPLE_FILE_KEY,
          node_id: `100:${index}`,
          source: 'link' as const,
        })),
      )
      .execute();
    const response = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: nodeLink('7-8') },
    });
    expect(response.status).toBe(400);
    expect(await linksOf(taskId)).toHaveLength(50);
  });

  it('two links added at once are both kept', async () => {
    const taskId = await newTask('Two at once');
    const answers = await Promise.all(
      ['20-1', '20-2'].map((node) =>
        world.member.api(`/api/tasks/${taskId}/figma-nodes`, { body: { url: nodeLink(node) } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect((await linksOf(taskId)).map((l) => l.node_id).sort()).toEqual(['20:1', '20:2']);
  });
});

describe('removing a link', () => {
  it('removes it; removing it again is a 404; another task cannot name it', async () => {
    const taskId = await newTask('Remove me');
    const otherTaskId = await newTask('Other');
    const created = await world.member.api(`/api/tasks/${taskId}/figma-nodes`, {
      body: { url: nodeLink('9-9') },
    });
    const link = (await created.json()) as TaskFigmaNode;

    const wrongTask = await world.member.api(
      `/api/tasks/${otherTaskId}/figma-nodes/${link.task_figma_node_id}`,
      {
        method: 'DELETE',
      },
    );
    expect(wrongTask.status).toBe(404);
    expect(await linksOf(taskId)).toHaveLength(1);

    const removed = await world.member.api(`/api/tasks/${taskId}/figma-nodes/${link.task_figma_node_id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect(await linksOf(taskId)).toEqual([]);
    const again = await world.member.api(`/api/tasks/${taskId}/figma-nodes/${link.task_figma_node_id}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('deleting the task removes its links with it', async () => {
    const taskId = await newTask('Deleted with its links');
    await world.member.api(`/api/tasks/${taskId}/figma-nodes`, { body: { url: nodeLink('30-1') } });
    await db().deleteFrom('task').where('task_id', '=', taskId).execute();
    const left = await db()
      .selectFrom('task_figma_node')
      .select('task_figma_node_id')
      .where('task_id', '=', taskId)
      .execute();
    expect(left).toEqual([]);
  });
});
