// @database both
import { cycleEndInstant } from '@figgle/shared/cycle-dates';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { type DrivenClock, drivenClock } from '../../src/clock/clock.ts';
import { cycleRolloverHandler } from '../../src/features/cycles/cycle-rollover-job.ts';
import { wakeWorkers } from '../../src/jobs/wake.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import {
  createTask,
  cycleDetail,
  cycleLogLines,
  cyclesOf,
  eventually,
  finishTask,
  planTask,
  turnCyclesOn,
} from './cycles-world.ts';

// Issue 44: cycles. Cycles are rows made ahead by SQL in one transaction, and the rollover is a
// durable job that moves tasks and writes log lines once: hence both databases.

let server: TestServer;
let world: RealtimeWorld;
let clock: DrivenClock;

realtimeWorldPerFile((started) => ({ server, world } = started), {
  buildOptions: () => {
    clock = drivenClock();
    return { clock };
  },
});

const today = () => clock.now().toISOString().slice(0, 10);

describe('cycle settings', () => {
  it('refuse a length of 0 or 53 weeks, or a week day out of 0–6, and change nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Refused');
    for (const body of [
      { enabled: true, weeks: 0, week_start: 1 },
      { enabled: true, weeks: 53, week_start: 1 },
      { enabled: true, weeks: 5, week_start: 1 },
      { enabled: true, weeks: 1.5, week_start: 1 },
      { enabled: true, weeks: 2, week_start: 7 },
      { enabled: true, weeks: 2 },
    ]) {
      const response = await world.owner.api(`/api/projects/${projectId}/cycle-settings`, {
        method: 'PUT',
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/week|required|expected/i);
    }
    expect(await cyclesOf(world.owner, projectId)).toEqual({ settings: null, cycles: [] });
  });

  it('turned on, make the current cycle and the next three, each of the length, from the week day', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Sprints');
    const answer = await turnCyclesOn(world.owner, projectId, 2, 1);
    expect(answer.settings).toEqual({ enabled: true, weeks: 2, week_start: 1 });
    const cycles = [...answer.cycles].reverse();
    expect(cycles.map((cycle) => [cycle.number, cycle.state])).toEqual([
      [1, 'current'],
      [2, 'next'],
      [3, 'next'],
      [4, 'next'],
    ]);
    const [current] = cycles;
    expect(current!.start_date <= today() && today() <= current!.end_date).toBe(true);
    for (const [index, cycle] of cycles.entries()) {
      expect(new Date(`${cycle.start_date}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(new Date(`${cycle.end_date}T00:00:00Z`).getUTCDay()).toBe(0);
      const days = (Date.parse(cycle.end_date) - Date.parse(cycle.start_date)) / 86_400_000 + 1;
      expect(days).toBe(14);
      if (index > 0)
        expect(Date.parse(cycle.start_date) - Date.parse(cycles[index - 1]!.end_date)).toBe(86_400_000);
    }
    // Turned on again with a new length: the current cycle keeps its dates, the next ones follow.
    const changed = [...(await turnCyclesOn(world.owner, projectId, 1, 1)).cycles].reverse();
    expect(changed).toHaveLength(4);
    expect(changed[0]).toMatchObject({ start_date: current!.start_date, end_date: current!.end_date });
    expect(Date.parse(changed[1]!.end_date) - Date.parse(changed[1]!.start_date)).toBe(6 * 86_400_000);
    // A member reads them too.
    expect((await cyclesOf(world.member, projectId)).cycles).toHaveLength(4);
  });

  it('a cycle takes a name, and a blank one is refused', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Named');
    const [cycle] = (await turnCyclesOn(world.owner, projectId)).cycles;
    const named = await world.member.api(`/api/cycles/${cycle!.cycle_id}`, {
      method: 'PATCH',
      body: { name: 'Launch week' },
    });
    expect(named.status).toBe(204);
    const blank = await world.member.api(`/api/cycles/${cycle!.cycle_id}`, {
      method: 'PATCH',
      body: { name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect((await cycleDetail(world.member, cycle!.cycle_id)).name).toBe('Launch week');
  });
});

describe('a task in a cycle', () => {
  it('is planned in a cycle of its project with a log line; another project or organization is a 400', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Plan');
    const otherProjectId = await createProject(world.owner, world.organizationId, 'Other');
    const cycles = (await turnCyclesOn(world.owner, projectId)).cycles;
    const current = cycles.find((cycle) => cycle.state === 'current')!;
    const otherCycle = (await turnCyclesOn(world.owner, otherProjectId)).cycles[0]!;
    const outsiderCycle = (await turnCyclesOn(world.outsider, world.outsiderProjectId)).cycles[0]!;
    const task = await createTask(world.member, projectId, 'Plan me');

    for (const cycleId of [
      otherCycle.cycle_id,
      outsiderCycle.cycle_id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const refused = await planTask(world.member, task.task_id, cycleId);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "This is not a cycle of the task's project.",
      );
    }
    const detail = async () =>
      (await (await world.member.api(`/api/tasks/${task.task_id}`)).json()) as TaskDetailView;
    expect((await detail()).cycle_id).toBeNull();
    expect(await cycleLogLines(world.member, task.task_id)).toHaveLength(0);

    expect((await planTask(world.member, task.task_id, current.cycle_id)).status).toBe(204);
    expect((await planTask(world.member, task.task_id, current.cycle_id)).status).toBe(204);
    expect((await detail()).cycle_id).toBe(current.cycle_id);
    const lines = await cycleLogLines(world.member, task.task_id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.metadata?.cycle).toMatchObject({ old: null, new: { number: current.number } });
    const listed = (await cyclesOf(world.member, projectId)).cycles.find(
      (c) => c.cycle_id === current.cycle_id,
    );
    expect(listed?.tasks).toEqual({ done: 0, total: 1 });

    // An outsider cannot plan the task at all.
    expect((await planTask(world.outsider, task.task_id, null)).status).toBe(404);
    expect((await planTask(world.member, task.task_id, null)).status).toBe(204);
    expect((await detail()).cycle_id).toBeNull();
  });
});

describe('the rollover of an ended cycle', () => {
  it('moves the unfinished tasks to the next cycle once, each with one log line, and keeps the figures', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Roll');
    const cycles = (await turnCyclesOn(world.owner, projectId, 1, 1)).cycles;
    const current = cycles.find((cycle) => cycle.state === 'current')!;
    const next = cycles.find((cycle) => cycle.number === current.number + 1)!;
    const tasks = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const task = await createTask(world.member, projectId, title);
      expect((await planTask(world.member, task.task_id, current.cycle_id)).status).toBe(204);
      tasks.push(task);
    }
    await finishTask(world.member, tasks[0]!.task_id);
    await finishTask(world.member, tasks[1]!.task_id);
    const before = await cycleDetail(world.member, current.cycle_id);
    expect(before).toMatchObject({ tasks: { done: 2, total: 5 }, added_after_start: 5, closed_at: null });
    expect(before.burn_up.at(-1)).toMatchObject({ date: today(), scope: 5, done: 2 });

    // A minute after the cycle's last day ends.
    const endsAt = cycleEndInstant(next.start_date).getTime();
    clock.set(new Date(endsAt + 60_000));
    wakeWorkers(server.deps.db);
    const closed = await eventually(async () => {
      const detail = await cycleDetail(world.member, current.cycle_id);
      return detail.closed_at ? detail : null;
    }, 'the cycle closed');
    expect(closed).toMatchObject({ state: 'past', tasks: { done: 2, total: 5 } });

    const afterwards = await cycleDetail(world.member, next.cycle_id);
    expect(afterwards).toMatchObject({
      state: 'current',
      tasks: { done: 0, total: 3 },
      added_after_start: 0,
    });
    for (const task of tasks.slice(2)) {
      const lines = await cycleLogLines(world.member, task.task_id);
      expect(lines).toHaveLength(2);
      expect(lines[1]!.metadata).toMatchObject({
        cycle: { old: { number: current.number }, new: { number: next.number } },
        rollover: true,
      });
    }
    for (const task of tasks.slice(0, 2))
      expect(await cycleLogLines(world.member, task.task_id)).toHaveLength(1);
    // Still one cycle ahead of the next three.
    const now = (await cyclesOf(world.member, projectId)).cycles;
    expect(now.filter((cycle) => cycle.state === 'next')).toHaveLength(3);

    // The job run again (a second worker, a retry) changes nothing.
    await cycleRolloverHandler.run({
      deps: { ...server.deps, log: { warn() {}, error() {} } },
      job: {
        jobId: '00000000-0000-4000-8000-000000000001',
        kind: 'cycle_rollover',
        organizationId: world.organizationId,
        payload: { cycleId: current.cycle_id },
        attempts: 1,
      },
      completeIn: async () => {},
      maxAttempts: 5,
    });
    for (const task of tasks.slice(2))
      expect(await cycleLogLines(world.member, task.task_id)).toHaveLength(2);
    expect((await cycleDetail(world.member, next.cycle_id)).tasks).toEqual({ done: 0, total: 3 });
    // The closed cycle keeps its final figures, though a task of it is finished later.
    await finishTask(world.member, tasks[2]!.task_id);
    expect((await cycleDetail(world.member, current.cycle_id)).tasks).toEqual({ done: 2, total: 5 });
    clock.reset();
  });
});

describe('cycles turned off', () => {
  it('close the ended cycle with its figures, leave its tasks where they are and make no new cycle', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Paused');
    const cycles = (await turnCyclesOn(world.owner, projectId, 1, 1)).cycles;
    const current = cycles.find((cycle) => cycle.state === 'current')!;
    const task = await createTask(world.member, projectId, 'Left alone');
    expect((await planTask(world.member, task.task_id, current.cycle_id)).status).toBe(204);
    const off = await world.owner.api(`/api/projects/${projectId}/cycle-settings`, {
      method: 'PUT',
      body: { enabled: false, weeks: 1, week_start: 1 },
    });
    expect(off.status).toBe(200);

    const ends = (await cycleDetail(world.member, current.cycle_id)).end_date;
    clock.set(new Date(cycleEndInstant(ends).getTime() + 86_400_000 + 60_000));
    wakeWorkers(server.deps.db);
    const closed = await eventually(async () => {
      const detail = await cycleDetail(world.member, current.cycle_id);
      return detail.closed_at ? detail : null;
    }, 'the cycle closed');
    expect(closed.tasks).toEqual({ done: 0, total: 1 });
    const answer = await cyclesOf(world.member, projectId);
    expect(answer.settings?.enabled).toBe(false);
    expect(answer.cycles).toHaveLength(cycles.length);
    expect(await cycleLogLines(world.member, task.task_id)).toHaveLength(1);
    clock.reset();
  });
});
