// @database both
import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { eventually, setRecurrence, tasksOf } from './recurring-world.ts';

// Issue 43, decision 0022: a repeating task whose status becomes of the Done category because an
// owner changed the status's category (not the task's status) makes its next occurrence, once. A
// trigger of migration 0041 on task.status_category stores the job: both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function taskIn(projectId: string, title: string, status: string): Promise<string> {
  const response = await world.owner.api(`/api/projects/${projectId}/tasks`, { body: { title, status } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function recategorize(statusId: string, category: string) {
  const response = await world.owner.api(`/api/project-statuses/${statusId}`, {
    method: 'PATCH',
    body: { category },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every recurring job of these tasks has run (the worker takes them in turn). */
async function jobsDone(taskIds: string[]) {
  await eventually(async () => {
    const jobs = await server.deps.db
      .selectFrom('job')
      .select('state')
      .where('kind', '=', 'recurring_task')
      .where('dedupe_key', 'in', taskIds)
      .execute();
    return jobs.length > 0 && jobs.every((job) => job.state === 'done');
  }, 'the recurring jobs done');
}

describe('a status recategorized as Done', () => {
  it('gives the repeating tasks in it their next occurrence, exactly once, and no one else', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Review');
    const added = await world.owner.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'Reviewed', color: 'violet', category: 'started' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const reviewed = ((await added.json()) as ProjectStatusView[]).find(
      (status) => status.name === 'Reviewed',
    )!;
    const repeating = await taskIn(projectId, 'Review the week', reviewed.key);
    const plain = await taskIn(projectId, 'Review once', reviewed.key);
    const elsewhere = await taskIn(projectId, 'Doing every day', 'DOING');
    for (const taskId of [repeating, elsewhere])
      await setRecurrence(world.owner, taskId, { rrule: 'FREQ=DAILY' });

    // Canceled is no completion: nothing repeats.
    await recategorize(reviewed.status_id, 'canceled');
    await recategorize(reviewed.status_id, 'done');
    const next = await eventually(
      async () =>
        (await tasksOf(world.owner, projectId)).find(
          (task) => task.title === 'Review the week' && task.task_id !== repeating,
        ),
      'the next occurrence',
    );
    expect(next.status).toBe('TODO');

    // Back and forth: the series is on the next task now, the old one makes no second.
    await recategorize(reviewed.status_id, 'started');
    await recategorize(reviewed.status_id, 'done');
    await jobsDone([repeating]);
    const titles = (await tasksOf(world.owner, projectId)).map((task) => task.title).sort();
    expect(titles).toEqual(['Doing every day', 'Review once', 'Review the week', 'Review the week']);
    const jobs = await server.deps.db
      .selectFrom('job')
      .select('dedupe_key')
      .where('kind', '=', 'recurring_task')
      .where('dedupe_key', 'in', [plain, elsewhere])
      .execute();
    expect(jobs).toEqual([]);
  });
});
