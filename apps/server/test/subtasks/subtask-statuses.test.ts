// @database pglite

import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 43: a sub-task's row offers its own project's statuses, so the structure names each
// sub-task's project; a status of another project is refused (400) and changes nothing.

let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ world } = started));

async function createTask(projectId: string, title: string, parentId: string | null = null): Promise<string> {
  const response = await world.owner.api(`/api/projects/${projectId}/tasks`, {
    body: { title, parent_id: parentId },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function structureOf(taskId: string): Promise<TaskStructureView> {
  const response = await world.owner.api(`/api/tasks/${taskId}/structure`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskStructureView;
}

describe("a sub-task's status", () => {
  it('is one of its own project’s statuses: the structure names its project, another project’s is a 400', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Parents');
    const otherId = await createProject(world.owner, world.organizationId, 'Children');
    for (const [id, name] of [
      [projectId, 'In review'],
      [otherId, 'Waiting on customer'],
    ] as const) {
      const added = await world.owner.api(`/api/projects/${id}/statuses`, {
        body: { name, color: 'violet', category: 'started' },
      });
      expect(added.status).toBe(201);
    }
    const parentId = await createTask(projectId, 'Release');
    const sameProject = await createTask(projectId, 'Notes', parentId);
    const otherProject = await createTask(otherId, 'Support', null);
    const moved = await world.owner.api(`/api/tasks/${otherProject}/parent`, {
      method: 'PUT',
      body: { parent_id: parentId },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);

    const structure = await structureOf(parentId);
    expect(structure.subtasks.map((row) => [row.task_id, row.project_id])).toEqual([
      [sameProject, projectId],
      [otherProject, otherId],
    ]);

    const inReview = await world.owner.api(`/api/tasks/${sameProject}`, {
      method: 'PATCH',
      body: { status: 'IN_REVIEW' },
    });
    expect(inReview.status, await inReview.clone().text()).toBe(200);
    const refused = await world.owner.api(`/api/tasks/${otherProject}`, {
      method: 'PATCH',
      body: { status: 'IN_REVIEW' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'unknown_status' });

    const after = await structureOf(parentId);
    expect(after.subtasks.map((row) => [row.status, row.status_name])).toEqual([
      ['IN_REVIEW', 'In review'],
      ['TODO', 'To Do'],
    ]);
  });
});
