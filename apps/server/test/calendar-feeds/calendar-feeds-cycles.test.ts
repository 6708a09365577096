// @database both
import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import type { ProjectCyclesView } from '@figgle/shared/cycle-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

// Issue 44: cycles are events of the calendar feeds, each an all-day span over its days (DTEND the
// day after its last), parsed back by ical.js. The feed's SQL picks them: both databases.

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

async function newFeed(body: Record<string, unknown> = {}): Promise<string> {
  const response = await world.owner.api('/api/me/calendar-feeds', { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return new URL(((await response.json()) as CreatedCalendarFeed).url).pathname;
}

async function eventsOf(path: string): Promise<ICAL.Event[]> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

const cycleEvents = (events: ICAL.Event[]) => events.filter((event) => event.uid.startsWith('cycle-'));

describe('cycles in the feeds', () => {
  it('shows each cycle over its days: in its project feed, and in the personal feed of those with a task in it', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Sprints');
    const settings = await world.owner.api(`/api/projects/${projectId}/cycle-settings`, {
      method: 'PUT',
      body: { enabled: true, weeks: 2, week_start: 1 },
    });
    expect(settings.status).toBe(200);
    const { cycles } = (await settings.json()) as ProjectCyclesView;
    const current = cycles.find((cycle) => cycle.state === 'current')!;
    const renamed = await world.owner.api(`/api/cycles/${current.cycle_id}`, {
      method: 'PATCH',
      body: { name: 'Launch; v2, "beta"' },
    });
    expect(renamed.status).toBe(204);

    const events = cycleEvents(await eventsOf(await newFeed({ project_id: projectId })));
    // The current cycle and the three made ahead, earliest first.
    expect(events).toHaveLength(4);
    const first = events[0]!;
    expect(first.uid).toMatch(new RegExp(`^cycle-${current.cycle_id}@`));
    expect(first.summary).toBe(`Cycle ${current.number} · Launch; v2, "beta"`);
    expect(first.startDate.isDate).toBe(true);
    expect(first.startDate.toString()).toBe(current.start_date);
    // Fourteen days: DTEND is the day after the last, as RFC 5545 counts an all-day span.
    expect(first.duration.toSeconds()).toBe(14 * 86_400);
    expect(first.description).toContain(`/project/${projectId}/cycles/${current.cycle_id}`);

    // The personal feed shows a cycle once the person has a task in it.
    const personal = await newFeed();
    expect(cycleEvents(await eventsOf(personal))).toEqual([]);
    const taskId = await createTask(world.owner, projectId, 'Planned work');
    await server.deps.db
      .updateTable('task')
      .set({ assignee_id: world.owner.userId })
      .where('task_id', '=', taskId)
      .execute();
    const planned = await world.owner.api(`/api/tasks/${taskId}/cycle`, {
      method: 'PUT',
      body: { cycle_id: current.cycle_id },
    });
    expect(planned.status).toBe(204);
    expect(cycleEvents(await eventsOf(personal)).map((event) => event.summary)).toEqual([
      `Cycle ${current.number} · Launch; v2, "beta"`,
    ]);
  });
});
