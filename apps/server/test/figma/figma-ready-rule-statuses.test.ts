// @database both

import type { FigmaReadyRuleView } from '@figgle/shared/figma-dev-status-schemas';
import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 43: the Ready-for-dev rule names any status of the project (by key, whatever its name now,
// one the project added too: migration 0043);
// a status of another project, or one of the Canceled category, is a 400 that changes nothing. The
// status is read from project_status: both databases.

let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ world } = started));

async function statusesOf(projectId: string): Promise<ProjectStatusView[]> {
  const response = await world.owner.api(`/api/projects/${projectId}/statuses`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectStatusView[];
}

const rulePath = (projectId: string) => `/api/projects/${projectId}/figma-ready-rule`;
const setRule = (projectId: string, ready_status: string | null) =>
  world.owner.api(rulePath(projectId), { method: 'PUT', body: { ready_status } });
const ruleOf = async (projectId: string) =>
  ((await (await world.owner.api(rulePath(projectId))).json()) as FigmaReadyRuleView).ready_status;

describe("the Ready-for-dev rule and the project's statuses", () => {
  it('takes a status of the project by its key, renamed or not', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Renamed');
    const doing = (await statusesOf(projectId)).find((status) => status.key === 'DOING')!;
    const renamed = await world.owner.api(`/api/project-statuses/${doing.status_id}`, {
      method: 'PATCH',
      body: { name: 'Building' },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const set = await setRule(projectId, 'DOING');
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await ruleOf(projectId)).toBe('DOING');
  });

  it('takes a status the project added, and turns the rule off when that status is removed', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Reviewed');
    const added = await world.owner.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'In review', color: 'violet', category: 'started' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const review = (await statusesOf(projectId)).find((status) => status.name === 'In review')!;
    const set = await setRule(projectId, review.key);
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await ruleOf(projectId)).toBe(review.key);

    const removed = await world.owner.api(`/api/project-statuses/${review.status_id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await ruleOf(projectId)).toBeNull();
  });

  it('refuses a status of another project, a removed one and a Canceled one, and keeps the rule', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Strict');
    const otherId = await createProject(world.owner, world.organizationId, 'Elsewhere');
    const added = await world.owner.api(`/api/projects/${otherId}/statuses`, {
      body: { name: 'Ready to test', color: 'violet', category: 'started' },
    });
    expect(added.status).toBe(201);
    expect((await setRule(projectId, 'DONE')).status).toBe(200);

    const elsewhere = await setRule(projectId, 'READY_TO_TEST');
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ code: 'unknown_status' });

    const todo = (await statusesOf(projectId)).find((status) => status.key === 'TODO')!;
    expect(
      (await world.owner.api(`/api/project-statuses/${todo.status_id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await setRule(projectId, 'TODO')).status).toBe(400);

    const canceled = await setRule(projectId, 'ARCHIVE');
    expect(canceled.status).toBe(400);
    expect(await canceled.json()).toMatchObject({ message: expect.stringContaining('Canceled') });
    expect(await ruleOf(projectId)).toBe('DONE');
  });
});
