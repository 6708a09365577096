// @database pglite
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { type ProjectTimeline, projectTimelineSchema } from '@figgle/shared/timeline-view-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../../../test/realtime/realtime-world.ts';

// Issue 44, the Timeline view's one read: its shape, and who may read it.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function createTask(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function ok(response: Response) {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

describe('GET /api/projects/:projectId/timeline', () => {
  it('answers the tasks with their dates, parent and milestone, the milestones and the blocks pairs', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Roadmap');
    const design = await createTask(world.owner, projectId, {
      title: 'Design',
      due_on: '2027-02-10',
      assignee_id: world.member.userId,
    });
    await ok(
      await world.owner.api(`/api/tasks/${design.task_id}`, {
        method: 'PATCH',
        body: { start_date: '2027-02-01' },
      }),
    );
    const build = await createTask(world.owner, projectId, { title: 'Build', due_on: '2027-02-20' });
    const sub = await createTask(world.owner, projectId, {
      title: 'Build the API',
      parent_id: build.task_id,
    });
    const undated = await createTask(world.owner, projectId, { title: 'Someday' });
    const milestone = await world.owner.api(`/api/projects/${projectId}/milestones`, {
      body: { name: 'Beta', target_date: '2027-03-01' },
    });
    expect(milestone.status).toBe(201);
    const { milestone_id } = (await milestone.json()) as { milestone_id: string };
    await ok(
      await world.owner.api(`/api/tasks/${build.task_id}/milestone`, {
        method: 'PUT',
        body: { milestone_id },
      }),
    );
    await ok(
      await world.owner.api(`/api/tasks/${design.task_id}/relations`, {
        body: { side: 'blocks', task_id: build.task_id },
      }),
    );
    // A relation that is not "blocks" is not an arrow.
    await ok(
      await world.owner.api(`/api/tasks/${sub.task_id}/relations`, {
        body: { side: 'relates', task_id: undated.task_id },
      }),
    );

    const response = await world.member.api(`/api/projects/${projectId}/timeline`);
    expect(response.status).toBe(200);
    const timeline = (await response.json()) as ProjectTimeline;
    // The database builds the text: read back through the response schema (which drops unknown keys),
    // it is unchanged, so it has the schema's shape and nothing more.
    expect(projectTimelineSchema.parse(timeline)).toEqual(timeline);
    expect(timeline.project_id).toBe(projectId);
    expect(timeline.trigram).toBe('ROA');
    expect(timeline.milestones).toEqual([{ milestone_id, name: 'Beta', target_date: '2027-03-01' }]);
    expect(timeline.blocks).toEqual([{ from_task_id: design.task_id, to_task_id: build.task_id }]);
    expect(timeline.tasks.map((task) => task.title)).toEqual(['Design', 'Build', 'Build the API', 'Someday']);
    expect(timeline.tasks[0]).toEqual({
      task_id: design.task_id,
      reference: design.reference,
      title: 'Design',
      status: 'TODO',
      assignee: { user_id: world.member.userId, firstname: expect.any(String), lastname: expect.any(String) },
      start_date: '2027-02-01',
      due_on: '2027-02-10',
      due_at: null,
      parent_id: null,
      milestone_id: null,
    });
    expect(timeline.tasks[1]).toMatchObject({ milestone_id, start_date: null, due_on: '2027-02-20' });
    expect(timeline.tasks[2]).toMatchObject({ parent_id: build.task_id, due_on: null });
    // Exactly these keys leave the server: nothing of a task's content.
    expect(Object.keys(timeline.tasks[3]!).sort()).toEqual(
      [
        'assignee',
        'due_at',
        'due_on',
        'milestone_id',
        'parent_id',
        'reference',
        'start_date',
        'status',
        'task_id',
        'title',
      ].sort(),
    );
  });

  it('writes a due time as the ISO text of its instant in UTC', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Times');
    const task = await createTask(world.owner, projectId, { title: 'Call' });
    await ok(
      await world.owner.api(`/api/tasks/${task.task_id}`, {
        method: 'PATCH',
        body: { due_at: '2027-02-03T09:30:00.000Z' },
      }),
    );
    const timeline = (await (
      await world.owner.api(`/api/projects/${projectId}/timeline`)
    ).json()) as ProjectTimeline;
    expect(timeline.tasks).toEqual([
      expect.objectContaining({ due_at: '2027-02-03T09:30:00.000Z', due_on: null, assignee: null }),
    ]);
    expect(timeline.milestones).toEqual([]);
    expect(timeline.blocks).toEqual([]);
  });

  it('drops deleted and archived tasks and their arrows', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Cleanup');
    const a = await createTask(world.owner, projectId, { title: 'A', due_on: '2027-01-05' });
    const b = await createTask(world.owner, projectId, { title: 'B', due_on: '2027-01-09' });
    await ok(
      await world.owner.api(`/api/tasks/${a.task_id}/relations`, {
        body: { side: 'blocks', task_id: b.task_id },
      }),
    );
    await ok(await world.owner.api(`/api/tasks/${a.task_id}`, { method: 'DELETE' }));
    const c = await createTask(world.owner, projectId, { title: 'C', due_on: '2027-01-12' });
    await ok(
      await world.owner.api(`/api/tasks/${b.task_id}/relations`, {
        body: { side: 'blocks', task_id: c.task_id },
      }),
    );
    await ok(
      await world.owner.api(`/api/tasks/${c.task_id}`, { method: 'PATCH', body: { status: 'ARCHIVE' } }),
    );
    const timeline = (await (
      await world.owner.api(`/api/projects/${projectId}/timeline`)
    ).json()) as ProjectTimeline;
    expect(timeline.tasks.map((task) => task.title)).toEqual(['B']);
    expect(timeline.blocks).toEqual([]);
  });

  it('is a 404 for someone outside the organization, as for a project that does not exist', async () => {
    const outsider = await world.outsider.api(`/api/projects/${world.projectId}/timeline`);
    expect(outsider.status).toBe(404);
    const missing = await world.outsider.api('/api/projects/00000000-0000-4000-8000-000000000000/timeline');
    expect(missing.status).toBe(404);
    expect(await outsider.json()).toEqual(await missing.json());
  });

  it('is a 400 for a malformed project id', async () => {
    const response = await world.owner.api('/api/projects/not-a-uuid/timeline');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400 });
  });

  it('is a 401 without a session', async () => {
    const response = await fetch(`${server.url}/api/projects/${world.projectId}/timeline`);
    expect(response.status).toBe(401);
  });
});
