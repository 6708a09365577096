// @database both
import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 43: statuses per project. A trigger (migration 0037) checks each task's status against its
// project's statuses and keeps task.status_category; removing a status moves tasks: both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function statusesOf(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/statuses`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectStatusView[];
}

async function addStatus(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/projects/${projectId}/statuses`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ProjectStatusView[];
}

async function createTask(user: TestUser, projectId: string, title: string, status?: string) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title, status } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function categoryOf(taskId: string) {
  const row = await server.deps.db
    .selectFrom('task')
    .select(['status', 'status_category'])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row;
}

describe('statuses of a project', () => {
  it('start as the four of every project, and take a new one between Doing and Done', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Design');
    const first = await statusesOf(world.member, projectId);
    expect(first.map((status) => [status.key, status.name, status.category])).toEqual([
      ['TODO', 'To Do', 'unstarted'],
      ['DOING', 'Doing', 'started'],
      ['DONE', 'Done', 'done'],
      ['ARCHIVE', 'Archive', 'canceled'],
    ]);
    const doing = first[1]!;
    const after = await addStatus(world.member, projectId, {
      name: '  In review ',
      color: 'violet',
      category: 'started',
      after: doing.status_id,
    });
    expect(after.map((status) => status.name)).toEqual(['To Do', 'Doing', 'In review', 'Done', 'Archive']);
    expect(after[2]).toMatchObject({ key: 'IN_REVIEW', color: 'violet', category: 'started', task_count: 0 });

    // A task goes into it through the ordinary PATCH, and takes its category.
    const task = await createTask(world.owner, projectId, 'Review the icons');
    const moved = await world.owner.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { status: 'IN_REVIEW' },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await categoryOf(task.task_id)).toEqual({ status: 'IN_REVIEW', status_category: 'started' });
    expect((await statusesOf(world.owner, projectId))[2]!.task_count).toBe(1);

    // The board shape names it.
    const board = await world.owner.api(`/api/projects/${projectId}/tasks?shape=compact`);
    const shape = (await board.json()) as { statuses?: string[]; tasks: { status?: number[] } };
    expect(shape.statuses).toEqual(['IN_REVIEW']);
    expect(shape.tasks.status).toEqual([4]);

    // Recategorized as Done: its task is done (the dashboard counts it so).
    const before = (await (await world.owner.api('/api/dashboard')).json()) as DashboardView;
    const changed = await world.member.api(`/api/project-statuses/${after[2]!.status_id}`, {
      method: 'PATCH',
      body: { category: 'done', name: 'Reviewed', color: 'teal' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await categoryOf(task.task_id)).toEqual({ status: 'IN_REVIEW', status_category: 'done' });
    const now = (await (await world.owner.api('/api/dashboard')).json()) as DashboardView;
    expect(now.counters.DONE).toBe(before.counters.DONE + 1);
    expect(now.counters.DOING).toBe(before.counters.DOING - 1);
  });

  it('are reordered, and refuse a name the project has, in any case', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Order');
    const statuses = await statusesOf(world.owner, projectId);
    const reversed = statuses.map((status) => status.status_id).reverse();
    const response = await world.member.api(`/api/projects/${projectId}/statuses/order`, {
      method: 'PUT',
      body: { status_ids: reversed },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as ProjectStatusView[]).map((status) => status.key)).toEqual([
      'ARCHIVE',
      'DONE',
      'DOING',
      'TODO',
    ]);
    const missing = await world.member.api(`/api/projects/${projectId}/statuses/order`, {
      method: 'PUT',
      body: { status_ids: reversed.slice(1) },
    });
    expect(missing.status).toBe(400);
    const taken = await world.member.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'doing', color: 'red', category: 'started' },
    });
    expect(taken.status).toBe(409);
    const tooLong = await world.member.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'x'.repeat(31), color: 'red', category: 'started' },
    });
    expect(tooLong.status).toBe(400);
    const badCategory = await world.member.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'Waiting', color: 'red', category: 'blocked' },
    });
    expect(badCategory.status).toBe(400);
  });

  it('refuse a status of another project with a 400 that changes nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Other');
    const otherId = await createProject(world.owner, world.organizationId, 'Elsewhere');
    await addStatus(world.owner, otherId, {
      name: 'Waiting on customer',
      color: 'orange',
      category: 'started',
    });
    const task = await createTask(world.owner, projectId, 'Answer the customer');
    const response = await world.owner.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { status: 'WAITING_ON_CUSTOMER' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('unknown_status');
    expect(await categoryOf(task.task_id)).toEqual({ status: 'TODO', status_category: 'unstarted' });
    const created = await world.owner.api(`/api/projects/${projectId}/tasks`, {
      body: { title: 'Nope', status: 'WAITING_ON_CUSTOMER' },
    });
    expect(created.status).toBe(400);
  });

  it('removed, move their tasks where asked, and refuse without a place for them', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Removal');
    const statuses = await statusesOf(world.owner, projectId);
    const [todo, doing, done] = statuses;
    const kept = await createTask(world.owner, projectId, 'Already doing', 'DOING');
    const a = await createTask(world.owner, projectId, 'First');
    const b = await createTask(world.owner, projectId, 'Second');

    const refused = await world.member.api(`/api/project-statuses/${todo!.status_id}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as { code: string; message: string };
    expect(refusal.code).toBe('status_in_use');
    expect(refusal.message).toContain('2 tasks');
    expect((await statusesOf(world.owner, projectId)).length).toBe(4);

    const itself = await world.member.api(
      `/api/project-statuses/${todo!.status_id}?move_to=${todo!.status_id}`,
      {
        method: 'DELETE',
      },
    );
    expect(itself.status).toBe(400);

    const removed = await world.member.api(
      `/api/project-statuses/${todo!.status_id}?move_to=${doing!.status_id}`,
      { method: 'DELETE' },
    );
    expect(removed.status, await removed.clone().text()).toBe(204);
    expect((await statusesOf(world.owner, projectId)).map((status) => status.key)).toEqual([
      'DOING',
      'DONE',
      'ARCHIVE',
    ]);
    const tasks = (await (
      await world.owner.api(`/api/projects/${projectId}/tasks`)
    ).json()) as TaskSummaryView[];
    // Moved to the end of Doing, in their order, each with a line in its change log.
    expect(tasks.map((task) => [task.title, task.status])).toEqual([
      ['Already doing', 'DOING'],
      ['First', 'DOING'],
      ['Second', 'DOING'],
    ]);
    expect(kept.task_id).toBeDefined();
    const logs = await server.deps.db
      .selectFrom('log')
      .select('task_id')
      .where('type', '=', 'STATUS')
      .where('task_id', 'in', [a.task_id, b.task_id])
      .execute();
    expect(logs).toHaveLength(2);

    // A new task without a status takes the project's first open one.
    const next = await createTask(world.owner, projectId, 'Without To Do');
    expect(next.status).toBe('DOING');

    // An unused status goes without a question; the last one stays.
    const unused = await world.member.api(`/api/project-statuses/${done!.status_id}`, { method: 'DELETE' });
    expect(unused.status).toBe(204);
  });

  it('follow a task moved to another project: same key, else same category', async () => {
    const fromId = await createProject(world.owner, world.organizationId, 'From');
    const toId = await createProject(world.owner, world.organizationId, 'Into');
    const added = await addStatus(world.owner, fromId, { name: 'QA', color: 'cyan', category: 'done' });
    expect(added.some((status) => status.key === 'QA')).toBe(true);
    const inQa = await createTask(world.owner, fromId, 'Tested', 'QA');
    const doing = await createTask(world.owner, fromId, 'Doing it', 'DOING');
    for (const task of [inQa, doing]) {
      const moved = await world.owner.api(`/api/tasks/${task.task_id}/move`, { body: { project_id: toId } });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    expect(await categoryOf(inQa.task_id)).toEqual({ status: 'DONE', status_category: 'done' });
    expect(await categoryOf(doing.task_id)).toEqual({ status: 'DOING', status_category: 'started' });
  });

  it('are searched by name (status:) and by category (is:)', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Searched');
    await addStatus(world.owner, projectId, { name: 'In review', color: 'violet', category: 'started' });
    await createTask(world.owner, projectId, 'Zebra stripes reviewed', 'IN_REVIEW');
    await createTask(world.owner, projectId, 'Zebra stripes drawn', 'DONE');
    await createTask(world.owner, projectId, 'Zebra stripes dropped', 'ARCHIVE');
    const titles = async (q: string) => {
      const response = await world.owner.api(
        `/api/search?kinds=task&project_id=${projectId}&q=${encodeURIComponent(q)}`,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = (await response.json()) as { tasks: { items: Array<{ title: { text: string } }> } };
      return answer.tasks.items.map((item) => item.title.text).sort();
    };
    expect(await titles('zebra status:"In review"')).toEqual(['Zebra stripes reviewed']);
    expect(await titles('status:in_review')).toEqual(['Zebra stripes reviewed']);
    expect(await titles('zebra is:done')).toEqual(['Zebra stripes drawn']);
    expect(await titles('is:started')).toEqual(['Zebra stripes reviewed']);
    expect(await titles('zebra is:open')).toEqual(['Zebra stripes reviewed']);
    expect(await titles('is:canceled is:done')).toEqual(['Zebra stripes drawn', 'Zebra stripes dropped']);
    expect(await titles('status:Nowhere')).toEqual([]);
  });

  it('are unknown to an outsider', async () => {
    const response = await world.outsider.api(`/api/projects/${world.projectId}/statuses`);
    expect(response.status).toBe(404);
  });
});
