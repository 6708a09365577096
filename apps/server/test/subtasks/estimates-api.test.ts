// @database pglite

import type { ProjectView } from '@figgle/shared/project-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

/**
 * Issue 42, estimates: a project's scale is read and set through the project API; a task's estimate
 * is set by PATCH, refused with a 400 that changes nothing when it is not on the project's scale,
 * and logged as an ESTIMATE line. A new scale clears the estimates it has no value for, logged too.
 */
let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started), { timeoutMs: 120_000 });

const patchTask = (taskId: string, body: unknown, user = world.owner) =>
  user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
const patchProject = (projectId: string, body: unknown, user = world.owner) =>
  user.api(`/api/projects/${projectId}`, { method: 'PATCH', body });

const taskRow = (taskId: string) =>
  server.deps.db
    .selectFrom('task')
    .select(['estimate', 'title', 'version'])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();

const estimateLog = (taskId: string) =>
  server.deps.db
    .selectFrom('log')
    .select(['type', 'metadata', 'author_id'])
    .where('task_id', '=', taskId)
    .where('type', '=', 'ESTIMATE')
    .orderBy('created_at')
    .execute();

async function projectWithScale(scale: 'none' | 'points' | 'tshirt', name = 'Estimated'): Promise<string> {
  const projectId = await createProject(world.owner, world.organizationId, name);
  if (scale !== 'none') expect((await patchProject(projectId, { estimate_scale: scale })).status).toBe(200);
  return projectId;
}

describe("a project's estimate scale", () => {
  it("is 'none' for a new project, and is set and read through the project API", async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Scales');
    const created = (await (await world.owner.api(`/api/projects/${projectId}`)).json()) as ProjectView;
    expect(created.estimate_scale).toBe('none');
    expect(created.estimated_task_count).toBe(0);

    const response = await patchProject(projectId, { estimate_scale: 'points' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProjectView).estimate_scale).toBe('points');
    const listed = (await (await world.member.api('/api/projects')).json()) as ProjectView[];
    expect(listed.find((project) => project.project_id === projectId)?.estimate_scale).toBe('points');
  });

  it('refuses a scale that is none of none, points or tshirt', async () => {
    const projectId = await projectWithScale('points', 'Bad scale');
    const response = await patchProject(projectId, { estimate_scale: 'fibonacci', name: 'Renamed' });
    expect(response.status).toBe(400);
    const answer = (await (await world.owner.api(`/api/projects/${projectId}`)).json()) as ProjectView;
    expect(answer).toMatchObject({ estimate_scale: 'points', name: 'Bad scale' });
  });

  it('is not set by someone outside the organization', async () => {
    const response = await patchProject(world.projectId, { estimate_scale: 'points' }, world.outsider);
    expect(response.status).toBe(404);
  });
});

describe("a task's estimate", () => {
  it('is set, changed and cleared by PATCH, each change an ESTIMATE log line', async () => {
    const projectId = await projectWithScale('points', 'Points');
    const taskId = await createTask(world.owner, projectId, 'Checkout');

    const set = await patchTask(taskId, { estimate: '3' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ task_id: taskId, estimate: '3' });
    expect((await taskRow(taskId)).estimate).toBe('3');
    expect((await patchTask(taskId, { estimate: '5' }, world.member)).status).toBe(200);
    expect((await patchTask(taskId, { estimate: null })).status).toBe(200);
    expect((await taskRow(taskId)).estimate).toBeNull();

    const lines = await estimateLog(taskId);
    expect(lines.map((line) => line.metadata)).toEqual([
      { estimate: { old: null, new: '3' } },
      { estimate: { old: '3', new: '5' } },
      { estimate: { old: '5', new: null } },
    ]);
    expect(lines[1]!.author_id).toBe(world.member.userId);

    // The change log as the task page reads it.
    const timeline = (await (await world.owner.api(`/api/tasks/${taskId}/timeline`)).json()) as {
      items: Array<{ kind: string; type?: string; metadata?: unknown }>;
    };
    expect(timeline.items.filter((item) => item.type === 'ESTIMATE')).toHaveLength(3);
  });

  it('the same estimate again changes nothing and logs nothing', async () => {
    const projectId = await projectWithScale('tshirt', 'Sizes');
    const taskId = await createTask(world.owner, projectId, 'Sized');
    expect((await patchTask(taskId, { estimate: 'M' })).status).toBe(200);
    const before = await taskRow(taskId);
    expect((await patchTask(taskId, { estimate: 'M' })).status).toBe(200);
    expect(await taskRow(taskId)).toEqual(before);
    expect(await estimateLog(taskId)).toHaveLength(1);
  });

  it('goes with other fields in one PATCH, with one new version', async () => {
    const projectId = await projectWithScale('points', 'Together');
    const taskId = await createTask(world.owner, projectId, 'Old title');
    const before = await taskRow(taskId);
    const response = await patchTask(taskId, { title: 'New title', estimate: '8', priority: 'HIGH' });
    expect(response.status).toBe(200);
    expect(await taskRow(taskId)).toEqual({ estimate: '8', title: 'New title', version: before.version + 1 });
    expect(await estimateLog(taskId)).toHaveLength(1);
  });

  describe('outside the project scale is a 400 that changes nothing', () => {
    it("refuses any estimate while the project's scale is none", async () => {
      const taskId = await createTask(world.owner, world.projectId, 'No scale');
      const before = await taskRow(taskId);
      const response = await patchTask(taskId, { estimate: '3', title: 'Changed' });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { message: string; issues?: Array<{ path: string }> };
      expect(answer.message).toMatch(/does not use estimates/);
      expect(answer.issues?.[0]?.path).toBe('body.estimate');
      expect(await taskRow(taskId)).toEqual(before);
      expect(await estimateLog(taskId)).toHaveLength(0);
    });

    it('refuses a t-shirt size on a points scale, with the other fields of the PATCH', async () => {
      const projectId = await projectWithScale('points', 'Refusing');
      const taskId = await createTask(world.owner, projectId, 'Kept');
      expect((await patchTask(taskId, { estimate: '2' })).status).toBe(200);
      const before = await taskRow(taskId);
      const response = await patchTask(taskId, { estimate: 'XL', title: 'Not kept', status: 'DOING' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        "The estimate XL is not on this project's scale, Points (1, 2, 3, 5, 8, 13).",
      );
      expect(await taskRow(taskId)).toEqual(before);
      expect(await estimateLog(taskId)).toHaveLength(1);
    });

    it('refuses a value of no scale before reading anything', async () => {
      const projectId = await projectWithScale('points', 'Unknown');
      const taskId = await createTask(world.owner, projectId, 'Four');
      for (const estimate of ['4', 'XXL', 5, '', ' 5']) {
        const response = await patchTask(taskId, { estimate });
        expect(response.status).toBe(400);
      }
      expect((await taskRow(taskId)).estimate).toBeNull();
    });
  });

  it("is not set on another organization's task", async () => {
    const response = await patchTask(world.outsiderTaskId, { estimate: '3' });
    expect(response.status).toBe(404);
  });
});

describe('the OpenAPI description', () => {
  it("names the task's estimate and the project's scale with their values", async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const body = (path: string) =>
      JSON.stringify(doc.paths[path]?.patch?.requestBody?.content['application/json']?.schema);
    expect(body('/api/tasks/{taskId}')).toContain('"estimate"');
    expect(body('/api/tasks/{taskId}')).toContain('"XL"');
    expect(body('/api/projects/{projectId}')).toContain('"estimate_scale"');
    expect(body('/api/projects/{projectId}')).toContain('"tshirt"');
  });
});

describe('a new scale', () => {
  it('clears the estimates it has no value for, each with its log line, and says how many there were', async () => {
    const projectId = await projectWithScale('points', 'Switching');
    const estimated = await createTask(world.owner, projectId, 'Estimated');
    const other = await createTask(world.owner, projectId, 'Also estimated');
    await createTask(world.owner, projectId, 'Not estimated');
    expect((await patchTask(estimated, { estimate: '13' })).status).toBe(200);
    expect((await patchTask(other, { estimate: '1' })).status).toBe(200);
    const project = (await (await world.owner.api(`/api/projects/${projectId}`)).json()) as ProjectView;
    expect(project.estimated_task_count).toBe(2);

    // The same scale again keeps them.
    expect((await patchProject(projectId, { estimate_scale: 'points' })).status).toBe(200);
    expect((await taskRow(estimated)).estimate).toBe('13');

    const response = await patchProject(projectId, { estimate_scale: 'tshirt' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProjectView).estimated_task_count).toBe(0);
    expect((await taskRow(estimated)).estimate).toBeNull();
    expect((await taskRow(other)).estimate).toBeNull();
    expect((await estimateLog(estimated)).at(-1)).toMatchObject({
      metadata: { estimate: { old: '13', new: null } },
      author_id: world.owner.userId,
    });
  });
});
