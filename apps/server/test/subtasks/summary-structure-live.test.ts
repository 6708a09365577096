// @database both
import type { BoardView } from '@figgle/shared/board-schemas';
import { BOARD_SHAPE } from '@figgle/shared/board-shape';
import { boardTasks } from '@figgle/shared/board-tasks';
import { type EventFrame, type ServerFrame, topics } from '@figgle/shared/realtime-protocol';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../realtime/realtime-socket.ts';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42: the summaries of the list and the board carry a task's sub-task progress and how many
 * open tasks block it, and keep them right as other tasks change: another viewer's socket hears the
 * parent or the blocked task again within a second, and the list and board answered from memory
 * (task-list-cache.ts) agree with the database. Runs on both databases: the status a change had
 * before is read by the statement that changes it (change-task.ts).
 */
let server: TestServer;
let world: RealtimeWorld;
let mobileId: string;
let viewer: TestSocket;

const isEvent = (frame: ServerFrame): frame is EventFrame => frame.type === 'event';
type Structure = Pick<TaskSummaryView, 'parent_id' | 'subtasks' | 'blocked_by'>;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });
beforeAll(async () => {
  mobileId = await createProject(world.owner, world.organizationId, 'Mobile');
  viewer = await TestSocket.open(server.url, { cookie: world.member.cookie });
  await viewer.subscribe(topics.tasks(world.projectId));
  await viewer.subscribe(topics.tasks(mobileId));
}, 120_000);
afterAll(() => {
  viewer?.close();
});

async function ok(response: Response, status = 200): Promise<Response> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response;
}

const setParent = async (taskId: string, parentId: string | null) =>
  ok(await world.owner.api(`/api/tasks/${taskId}/parent`, { method: 'PUT', body: { parent_id: parentId } }));
const move = async (taskId: string, status: string) =>
  ok(await world.owner.api('/api/kanban-update', { body: { taskId, status, index: null } }));
const patch = async (taskId: string, changes: Record<string, unknown>) =>
  ok(await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: changes }));

/** The task as the member's list and board show it (from the server's memory after the first read). */
async function listed(projectId: string, taskId: string): Promise<Structure> {
  const list = (await (
    await ok(await world.member.api(`/api/projects/${projectId}/tasks`))
  ).json()) as TaskSummaryView[];
  const board = (await (
    await ok(await world.member.api(`/api/projects/${projectId}/tasks?shape=${BOARD_SHAPE}`))
  ).json()) as BoardView;
  const row = list.find((task) => task.task_id === taskId)!;
  const card = boardTasks(board).find((task) => task.task_id === taskId)!;
  expect(card).toStrictEqual(row);
  return { parent_id: row.parent_id, subtasks: row.subtasks, blocked_by: row.blocked_by };
}

/**
 * Does `act`, then waits for the viewer's event about `taskId` on its project's topic whose summary
 * says `expected`; answers how long after the request's answer it came.
 */
async function heard(
  projectId: string,
  taskId: string,
  expected: Partial<Structure>,
  act: () => Promise<unknown>,
): Promise<number> {
  const from = viewer.mark();
  await act();
  const answered = performance.now();
  await viewer.next(
    (frame) =>
      isEvent(frame) &&
      frame.topic === topics.tasks(projectId) &&
      frame.id === taskId &&
      frame.data !== null &&
      Object.entries(expected).every(
        ([field, value]) =>
          JSON.stringify((frame.data as Record<string, unknown>)[field]) === JSON.stringify(value),
      ),
    from,
    1_000,
  );
  return performance.now() - answered;
}

const eventsAbout = (from: number, taskId: string) =>
  viewer.since(from, (frame) => isEvent(frame) && frame.kind === 'task' && frame.id === taskId);

describe('sub-task progress on the parent’s row and card', () => {
  it('counts sub-tasks of any project, follows their status and their parent, live and from memory', async () => {
    const parent = await createTask(world.owner, world.projectId, 'Checkout redesign');
    const here = await createTask(world.owner, world.projectId, 'Cart page');
    const there = await createTask(world.owner, mobileId, 'Cart screen');
    expect(await listed(world.projectId, parent)).toEqual({ parent_id: null, subtasks: null, blocked_by: 0 });

    await heard(world.projectId, parent, { subtasks: { done: 0, total: 1 } }, () => setParent(here, parent));
    await heard(world.projectId, parent, { subtasks: { done: 0, total: 2 } }, () => setParent(there, parent));
    expect(await listed(mobileId, there)).toEqual({ parent_id: parent, subtasks: null, blocked_by: 0 });

    // Done (a drag on the board) and Archive (the task form) count as done, wherever the sub-task is.
    const late = await heard(world.projectId, parent, { subtasks: { done: 1, total: 2 } }, () =>
      move(there, 'DONE'),
    );
    expect(late).toBeLessThan(1_000);
    expect(await listed(world.projectId, parent)).toMatchObject({ subtasks: { done: 1, total: 2 } });

    // A change that leaves a sub-task as finished (or as open) as it was does not tell the parent.
    const from = viewer.mark();
    await patch(here, { status: 'DOING' });
    await move(there, 'ARCHIVE');
    await heard(world.projectId, parent, { subtasks: { done: 2, total: 2 } }, () =>
      patch(here, { status: 'ARCHIVE' }),
    );
    expect(eventsAbout(from, parent)).toHaveLength(1);
    expect(await listed(world.projectId, parent)).toMatchObject({ subtasks: { done: 2, total: 2 } });

    // Open again, taken from the parent (the parent it left hears it), deleted.
    await heard(world.projectId, parent, { subtasks: { done: 1, total: 2 } }, () => move(here, 'TODO'));
    await heard(world.projectId, parent, { subtasks: { done: 1, total: 1 } }, () => setParent(here, null));
    await heard(world.projectId, parent, { subtasks: null }, async () =>
      ok(await world.owner.api(`/api/tasks/${there}`, { method: 'DELETE' }), 204),
    );
    expect(await listed(world.projectId, parent)).toEqual({ parent_id: null, subtasks: null, blocked_by: 0 });
    expect(await listed(world.projectId, here)).toEqual({ parent_id: null, subtasks: null, blocked_by: 0 });
  });
});

describe('the Blocked mark on the blocked task’s row and card', () => {
  it('counts open blockers of any project, follows their status, relations and deletion, live and from memory', async () => {
    const blocked = await createTask(world.owner, world.projectId, 'Payment screen');
    const api = await createTask(world.owner, mobileId, 'Payment API');
    const design = await createTask(world.owner, world.projectId, 'Payment design');
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 0 });

    const relate = async (taskId: string, side: string, otherId: string) =>
      (await (
        await ok(
          await world.owner.api(`/api/tasks/${taskId}/relations`, { body: { side, task_id: otherId } }),
          201,
        )
      ).json()) as { relation_id: string };
    await heard(world.projectId, blocked, { blocked_by: 1 }, () => relate(blocked, 'blocked_by', api));
    let relation!: { relation_id: string };
    await heard(world.projectId, blocked, { blocked_by: 2 }, async () => {
      relation = await relate(design, 'blocks', blocked);
    });
    // "Relates to" and "duplicates" block nothing.
    const from = viewer.mark();
    await relate(blocked, 'relates', await createTask(world.owner, world.projectId, 'Payment copy'));
    await viewer.next((frame) => isEvent(frame) && frame.id === blocked, from, 1_000);
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 2 });

    // A blocker done (in another project) stops counting, and counts again when reopened.
    const late = await heard(world.projectId, blocked, { blocked_by: 1 }, () => move(api, 'DONE'));
    expect(late).toBeLessThan(1_000);
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 1 });
    await heard(world.projectId, blocked, { blocked_by: 0 }, () => patch(design, { status: 'ARCHIVE' }));
    await heard(world.projectId, blocked, { blocked_by: 1 }, () => patch(api, { status: 'DOING' }));
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 1 });

    // A relation removed, a blocker deleted.
    await patch(design, { status: 'TODO' });
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 2 });
    await heard(world.projectId, blocked, { blocked_by: 1 }, async () =>
      ok(
        await world.owner.api(`/api/tasks/${blocked}/relations/${relation.relation_id}`, {
          method: 'DELETE',
        }),
        204,
      ),
    );
    await heard(world.projectId, blocked, { blocked_by: 0 }, async () =>
      ok(await world.owner.api(`/api/tasks/${api}`, { method: 'DELETE' }), 204),
    );
    expect(await listed(world.projectId, blocked)).toMatchObject({ blocked_by: 0 });
  });
});
