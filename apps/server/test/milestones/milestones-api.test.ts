// @database both
import type { MilestoneAtRiskView, MilestoneView } from '@figgle/shared/milestone-schemas';
import type { TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 44: milestones. Their counts and forecast come from one SQL query over tasks and the log,
// and a trigger (migration 0032) takes a moved task out of its milestone: hence both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

const today = () => server.deps.clock.now().toISOString().slice(0, 10);
function dayFromToday(days: number): string {
  const day = new Date(`${today()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function createTask(user: TestUser, projectId: string, title: string) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body: { title } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function createMilestone(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/projects/${projectId}/milestones`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MilestoneView;
}

async function milestonesOf(user: TestUser, projectId: string) {
  const response = await user.api(`/api/projects/${projectId}/milestones`);
  expect(response.status).toBe(200);
  return (await response.json()) as MilestoneView[];
}

async function putInMilestone(user: TestUser, taskId: string, milestoneId: string | null) {
  return user.api(`/api/tasks/${taskId}/milestone`, { method: 'PUT', body: { milestone_id: milestoneId } });
}

async function detail(user: TestUser, taskId: string) {
  return (await (await user.api(`/api/tasks/${taskId}`)).json()) as TaskDetailView;
}

async function finish(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('a project milestone', () => {
  it('is made, listed, changed and removed by members; its tasks stay, in no milestone', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Launch');
    const made = await createMilestone(world.member, projectId, {
      name: '  Public beta ',
      target_date: '2027-03-01',
      description: 'Everything a first customer needs.',
    });
    expect(made).toMatchObject({
      project_id: projectId,
      name: 'Public beta',
      target_date: '2027-03-01',
      description: 'Everything a first customer needs.',
      tasks: { done: 0, total: 0 },
      points: null,
      forecast_date: null,
      state: 'empty',
    });
    expect(await milestonesOf(world.owner, projectId)).toEqual([made]);

    const changed = await world.member.api(`/api/milestones/${made.milestone_id}`, {
      method: 'PATCH',
      body: { name: 'Beta', target_date: '2027-04-01' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: 'Beta', target_date: '2027-04-01' });

    const task = await createTask(world.member, projectId, 'Sign-up page');
    expect((await putInMilestone(world.member, task.task_id, made.milestone_id)).status).toBe(204);
    expect((await detail(world.member, task.task_id)).milestone_id).toBe(made.milestone_id);

    const removed = await world.member.api(`/api/milestones/${made.milestone_id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await milestonesOf(world.owner, projectId)).toEqual([]);
    expect((await detail(world.member, task.task_id)).milestone_id).toBeNull();
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Refusals');
    for (const [body, message] of [
      [{ name: '', target_date: '2027-01-01' }, 'The name of the milestone is required.'],
      [{ name: 'X', target_date: '2027-02-30' }, 'The target date must be a real day'],
      [{ name: 'X' }, 'The target date must be a day written YYYY-MM-DD.'],
      [{ name: 'X', target_date: '2027-01-01', project_id: projectId }, ''],
      [{ name: 'x'.repeat(101), target_date: '2027-01-01' }, 'at most 100 characters'],
    ] as const) {
      const response = await world.member.api(`/api/projects/${projectId}/milestones`, { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    const made = await createMilestone(world.member, projectId, { name: 'Kept', target_date: '2027-01-01' });
    const empty = await world.member.api(`/api/milestones/${made.milestone_id}`, {
      method: 'PATCH',
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(await milestonesOf(world.member, projectId)).toEqual([made]);
  });

  it('is not seen or changed from outside its organization (404)', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Private plans');
    const made = await createMilestone(world.owner, projectId, { name: 'Secret', target_date: '2027-01-01' });
    expect((await world.outsider.api(`/api/projects/${projectId}/milestones`)).status).toBe(404);
    const change = await world.outsider.api(`/api/milestones/${made.milestone_id}`, {
      method: 'PATCH',
      body: { name: 'Mine' },
    });
    expect(change.status).toBe(404);
    expect(
      (await world.outsider.api(`/api/milestones/${made.milestone_id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await milestonesOf(world.owner, projectId))[0]?.name).toBe('Secret');
  });
});

describe("a task's milestone", () => {
  it('is logged with the names it had; a milestone of another project or organization is the same 400', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Logged');
    const otherProjectId = await createProject(world.owner, world.organizationId, 'Elsewhere');
    const alpha = await createMilestone(world.owner, projectId, { name: 'Alpha', target_date: '2027-01-01' });
    const beta = await createMilestone(world.owner, projectId, { name: 'Beta', target_date: '2027-02-01' });
    const foreign = await createMilestone(world.owner, otherProjectId, {
      name: 'Foreign',
      target_date: '2027-01-01',
    });
    const outsiderProject = await createProject(world.outsider, world.outsiderOrganizationId, 'Theirs');
    const theirs = await createMilestone(world.outsider, outsiderProject, {
      name: 'Theirs',
      target_date: '2027-01-01',
    });
    const task = await createTask(world.member, projectId, 'Pricing page');

    expect((await putInMilestone(world.member, task.task_id, alpha.milestone_id)).status).toBe(204);
    expect((await putInMilestone(world.member, task.task_id, alpha.milestone_id)).status).toBe(204);
    expect((await putInMilestone(world.member, task.task_id, beta.milestone_id)).status).toBe(204);
    for (const milestoneId of [foreign.milestone_id, theirs.milestone_id, crypto.randomUUID()]) {
      const refused = await putInMilestone(world.member, task.task_id, milestoneId);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "This is not a milestone of the task's project.",
      );
    }
    expect((await putInMilestone(world.member, task.task_id, null)).status).toBe(204);
    expect(
      (
        await world.outsider.api(`/api/tasks/${task.task_id}/milestone`, {
          method: 'PUT',
          body: { milestone_id: null },
        })
      ).status,
    ).toBe(404);

    const logs = await server.deps.db
      .selectFrom('log')
      .select(['metadata'])
      .where('task_id', '=', task.task_id)
      .where('type', '=', 'MILESTONE')
      .orderBy('created_at')
      .execute();
    expect(logs.map((log) => log.metadata)).toEqual([
      { milestone: { old: null, new: { milestone_id: alpha.milestone_id, name: 'Alpha' } } },
      {
        milestone: {
          old: { milestone_id: alpha.milestone_id, name: 'Alpha' },
          new: { milestone_id: beta.milestone_id, name: 'Beta' },
        },
      },
      { milestone: { old: { milestone_id: beta.milestone_id, name: 'Beta' }, new: null } },
    ]);
  });

  it('is left when the task moves to another project', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Mover');
    const otherProjectId = await createProject(world.owner, world.organizationId, 'Destination');
    const milestone = await createMilestone(world.owner, projectId, {
      name: 'Stays',
      target_date: '2027-01-01',
    });
    const task = await createTask(world.member, projectId, 'Travelling task');
    await putInMilestone(world.member, task.task_id, milestone.milestone_id);
    const moved = await world.member.api(`/api/tasks/${task.task_id}/move`, {
      body: { project_id: otherProjectId },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await detail(world.member, task.task_id)).milestone_id).toBeNull();
    expect((await milestonesOf(world.member, projectId))[0]?.tasks).toEqual({ done: 0, total: 0 });
  });
});

describe('progress and forecast', () => {
  it('counts tasks and points, forecasts at the recent pace, and lists the milestones at risk', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Forecast');
    const scale = await world.owner.api(`/api/projects/${projectId}`, {
      method: 'PATCH',
      body: { estimate_scale: 'points' },
    });
    expect(scale.status, await scale.clone().text()).toBe(200);
    const far = await createMilestone(world.member, projectId, {
      name: 'Far',
      target_date: dayFromToday(60),
    });
    const near = await createMilestone(world.member, projectId, {
      name: 'Near',
      target_date: dayFromToday(3),
    });
    for (const milestone of [far, near]) {
      const tasks = [];
      for (const title of ['One', 'Two', 'Three', 'Four'])
        tasks.push(await createTask(world.member, projectId, title));
      for (const [index, task] of tasks.entries()) {
        await world.member.api(`/api/tasks/${task.task_id}`, {
          method: 'PATCH',
          body: { estimate: index < 2 ? '3' : '5' },
        });
        await putInMilestone(world.member, task.task_id, milestone.milestone_id);
      }
      await finish(world.member, tasks[0]!.task_id);
      await finish(world.member, tasks[1]!.task_id);
    }

    // 2 finished in the last 28 days: 2 open take 28 days.
    const [nearView, farView] = await milestonesOf(world.member, projectId);
    expect(farView).toMatchObject({
      name: 'Far',
      tasks: { done: 2, total: 4 },
      points: { done: 6, total: 16 },
      forecast_date: dayFromToday(28),
      state: 'on_track',
    });
    expect(farView?.forecast_words).toBe(
      'At the pace of the last 4 weeks (2 tasks finished), the 2 open tasks take about 28 days.',
    );
    expect(nearView).toMatchObject({ name: 'Near', forecast_date: dayFromToday(28), state: 'at_risk' });

    const atRisk = await world.member.api('/api/milestones/at-risk');
    expect(atRisk.status).toBe(200);
    const risky = ((await atRisk.json()) as MilestoneAtRiskView[]).filter((m) => m.project_id === projectId);
    expect(risky.map((m) => [m.name, m.project.name])).toEqual([['Near', 'Forecast']]);
    const outsiders = (await (
      await world.outsider.api('/api/milestones/at-risk')
    ).json()) as MilestoneAtRiskView[];
    expect(outsiders.filter((m) => m.project_id === projectId)).toEqual([]);
  });
});
