// @database both
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';
import { eventually, recurrenceOf, setRecurrence, setStatus, tasksOf } from './recurring-world.ts';

// Issue 43: recurring tasks. The next occurrence is made by a durable job from a trigger on the
// task's status, in one transaction with the series row: hence both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function taskDetail(taskId: string) {
  const response = await world.owner.api(`/api/tasks/${taskId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskDetailView;
}

function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('bad repetitions', () => {
  it.each([
    [{ rrule: 'FREQ=DAILY;COUNT=0' }, /COUNT must be at least 1/],
    [{ rrule: 'FREQ=SECONDLY' }, /at most once a day/],
    [{ rrule: 'FREQ=MINUTELY' }, /at most once a day/],
    [{ rrule: 'FREQ=HOURLY;INTERVAL=2' }, /at most once a day/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=XX' }, /not a day of the week/],
    [{ rrule: 'FREQ=WEEKLY', after_completion: true }, /FREQ=DAILY/],
    [{ rrule: 'x'.repeat(300) }, /at most 200/],
    [{}, /required/],
    [{ rrule: 'FREQ=DAILY', extra: 1 }, /.+/],
  ])('%j is a 400 that changes nothing', async (body, message) => {
    const response = await world.owner.api(`/api/tasks/${world.taskId}/recurrence`, { method: 'PUT', body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(await recurrenceOf(world.owner, world.taskId)).toBeNull();
  });

  it('an unknown time zone is a 400; a member may not set it', async () => {
    const path = `/api/organizations/${world.organizationId}/time-zone`;
    const refused = await world.owner.api(path, { method: 'PUT', body: { time_zone: 'Mars/Olympus' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/not a time zone/);
    expect(
      (await world.member.api(path, { method: 'PUT', body: { time_zone: 'Europe/Paris' } })).status,
    ).toBe(403);
  });

  it('a task of another organization is a 404', async () => {
    const response = await world.owner.api(`/api/tasks/${world.outsiderTaskId}/recurrence`, {
      method: 'PUT',
      body: { rrule: 'FREQ=DAILY' },
    });
    expect(response.status).toBe(404);
  });
});

describe('a repeating task', () => {
  it('shows its words and next date, and stops in one call', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Chores');
    const taskId = await createTask(world.owner, projectId, 'Water the plants');
    // 2026-11-30 is a Monday.
    expect(
      (await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { due_on: '2026-11-30' } }))
        .status,
    ).toBe(200);
    const recurrence = await setRecurrence(world.owner, taskId, { rrule: 'RRULE:byday=mo;freq=weekly' });
    expect(recurrence).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      words: 'Repeats every Monday',
      starts_on: '2026-11-30',
      occurrence: 1,
      after_completion: false,
      time_zone: 'UTC',
    });
    expect(recurrence.next_due_on! > '2026-11-30').toBe(true);
    expect(new Date(`${recurrence.next_due_on}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(await recurrenceOf(world.member, taskId)).toEqual(recurrence);

    expect((await world.member.api(`/api/tasks/${taskId}/recurrence`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(await recurrenceOf(world.owner, taskId)).toBeNull();
    await setStatus(world.owner, taskId, 'DONE');
    // Nothing repeats: the job (if any) found no series. Another task's occurrence proves the worker ran.
    const other = await createTask(world.owner, projectId, 'Empty the bins');
    await setRecurrence(world.owner, other, { rrule: 'FREQ=DAILY' });
    await setStatus(world.owner, other, 'DONE');
    await eventually(async () => (await tasksOf(world.owner, projectId)).length === 3, 'the bins again');
    expect(
      (await tasksOf(world.owner, projectId)).filter((task) => task.title === 'Water the plants'),
    ).toHaveLength(1);
  });

  it('completed, makes one next task with the fields copied and next week’s date; it carries the series', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Weekly');
    const taskId = await createTask(world.owner, projectId, 'Send the report');
    const label = await world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
      body: { name: 'Routine', color: 'blue' },
    });
    expect(label.status, await label.clone().text()).toBe(201);
    const { label_id: labelId } = (await label.json()) as { label_id: string };
    const today = new Date().toISOString().slice(0, 10);
    const patched = await world.owner.api(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: { due_on: today, priority: 'HIGH', assignee_id: world.member.userId },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(
      (
        await world.owner.api(`/api/tasks/${taskId}/labels`, {
          method: 'PUT',
          body: { label_ids: [labelId] },
        })
      ).status,
    ).toBe(200);
    for (const text of ['Gather figures', 'Write summary']) {
      const item = await world.owner.api(`/api/tasks/${taskId}/checklist`, { body: { text } });
      expect(item.status, await item.clone().text()).toBe(201);
    }
    await setRecurrence(world.owner, taskId, { rrule: 'FREQ=WEEKLY' });
    await setStatus(world.owner, taskId, 'DONE');

    const next = await eventually(
      async () => (await tasksOf(world.owner, projectId)).find((task) => task.task_id !== taskId),
      'the next occurrence',
    );
    const detail = await taskDetail(next.task_id);
    expect(detail).toMatchObject({
      title: 'Send the report',
      status: 'TODO',
      priority: 'HIGH',
      due_on: addDays(today, 7),
      due_at: null,
    });
    expect(detail.assignee?.user_id).toBe(world.member.userId);
    expect(detail.labels.map((item) => item.label_id)).toEqual([labelId]);
    expect(detail.checklist).toMatchObject({ done: 0, total: 2 });
    expect(await recurrenceOf(world.owner, taskId)).toBeNull();
    const answer = await world.owner.api(`/api/tasks/${taskId}/recurrence`);
    expect(((await answer.json()) as { next_task: unknown }).next_task).toEqual({
      task_id: next.task_id,
      reference: detail.reference,
      trigram: 'WEE',
    });
    expect(await recurrenceOf(world.owner, next.task_id)).toMatchObject({
      occurrence: 2,
      words: `Repeats every ${weekdayName(today)}`,
    });

    // Reopened and completed again, the old task makes no second one.
    await setStatus(world.owner, taskId, 'TODO');
    await setStatus(world.owner, taskId, 'DONE');
    await setStatus(world.owner, next.task_id, 'DOING');
    // The next one's status change was handled after the old one's (one worker, in order): wait for it.
    await eventually(async () => {
      const jobs = await server.deps.db
        .selectFrom('job')
        .select('state')
        .where('kind', '=', 'recurring_task')
        .where('dedupe_key', 'in', [taskId, next.task_id])
        .execute();
      return jobs.length === 2 && jobs.every((job) => job.state === 'done');
    }, 'the jobs done');
    expect(await tasksOf(world.owner, projectId)).toHaveLength(2);
  });

  it('every N days after completion counts from the completion day; a due time keeps its wall clock in the zone', async () => {
    const path = `/api/organizations/${world.organizationId}/time-zone`;
    const zone = await world.owner.api(path, { method: 'PUT', body: { time_zone: 'America/New_York' } });
    expect(zone.status).toBe(200);
    expect(await zone.json()).toEqual({ time_zone: 'America/New_York' });
    const read = await world.member.api(path);
    expect(await read.json()).toEqual({ time_zone: 'America/New_York' });
    try {
      const projectId = await createProject(world.owner, world.organizationId, 'Timed');
      const taskId = await createTask(world.owner, projectId, 'Check backups');
      // Due long ago at 09:00 New York time: the next one is 3 days after today, at 09:00 there.
      const dueAt = '2026-06-01T13:00:00.000Z';
      expect(
        (await world.owner.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { due_at: dueAt } })).status,
      ).toBe(200);
      const recurrence = await setRecurrence(world.owner, taskId, {
        rrule: 'FREQ=DAILY;INTERVAL=3',
        after_completion: true,
      });
      expect(recurrence.words).toBe('Repeats 3 days after completion');
      await setStatus(world.owner, taskId, 'DONE');
      const next = await eventually(
        async () => (await tasksOf(world.owner, projectId)).find((task) => task.task_id !== taskId),
        'the next occurrence',
      );
      const todayThere = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
        new Date(),
      );
      const detail = await taskDetail(next.task_id);
      expect(detail.due_on).toBeNull();
      const shown = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(detail.due_at!));
      expect(shown).toBe(`${addDays(todayThere, 3)}, 09:00`);
    } finally {
      expect((await world.owner.api(path, { method: 'PUT', body: { time_zone: 'UTC' } })).status).toBe(200);
    }
  });

  it('a status of the Done category completes it; one of the Canceled category does not', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Shipping');
    const added = await world.owner.api(`/api/projects/${projectId}/statuses`, {
      body: { name: 'Shipped', color: 'green', category: 'done' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const statuses = (await added.json()) as Array<{ key: string; name: string }>;
    const shipped = statuses.find((status) => status.name === 'Shipped')!.key;
    const canceled = await createTask(world.owner, projectId, 'Dropped');
    await setRecurrence(world.owner, canceled, { rrule: 'FREQ=DAILY' });
    await setStatus(world.owner, canceled, 'ARCHIVE');
    const taskId = await createTask(world.owner, projectId, 'Release notes');
    await setRecurrence(world.owner, taskId, { rrule: 'FREQ=DAILY' });
    await setStatus(world.owner, taskId, shipped);
    await eventually(
      async () =>
        (await tasksOf(world.owner, projectId)).some(
          (task) => task.title === 'Release notes' && task.task_id !== taskId,
        ),
      'the next release notes',
    );
    // Jobs run in order: the archived task's ran before; it made nothing and still repeats.
    expect((await tasksOf(world.owner, projectId)).filter((task) => task.title === 'Dropped')).toHaveLength(
      1,
    );
    expect(await recurrenceOf(world.owner, canceled)).not.toBeNull();
  });

  it('COUNT ends the series: the last occurrence makes none', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Twice');
    const taskId = await createTask(world.owner, projectId, 'Twice only');
    await setRecurrence(world.owner, taskId, { rrule: 'FREQ=DAILY;COUNT=2' });
    await setStatus(world.owner, taskId, 'DONE');
    const second = await eventually(
      async () => (await tasksOf(world.owner, projectId)).find((task) => task.task_id !== taskId),
      'the second occurrence',
    );
    expect((await recurrenceOf(world.owner, second.task_id))?.next_due_on).toBeNull();
    await setStatus(world.owner, second.task_id, 'DONE');
    await eventually(
      async () => (await recurrenceOf(world.owner, second.task_id)) === null,
      'the series ended',
    );
    expect(await tasksOf(world.owner, projectId)).toHaveLength(2);
  });
});

function weekdayName(day: string) {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    new Date(`${day}T00:00:00Z`).getUTCDay()
  ];
}
