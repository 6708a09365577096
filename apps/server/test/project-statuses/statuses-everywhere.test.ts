// @database both
import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import type { InboxPage } from '@figgle/shared/inbox-schemas';
import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import type { NotificationPage } from '@figgle/shared/notification-schemas';
import { TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import type { SearchAnswer } from '@figgle/shared/search-schemas';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { WeeklySummaryView } from '@figgle/shared/weekly-summary-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 43: "is it done?" asks the category everywhere, and a project's own status reads by its
// name. A project with "In review" (Started) and "Shipped" (Done): a task in Shipped counts as done
// in the dashboard's counters and weekly chart, the milestone pace and the weekly summary, and the
// CSV, the inbox, "For me", search and relations name the statuses. The counts are SQL over the log
// and project_status (migration 0037): both databases.

let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Studio');
  for (const body of [
    { name: 'In review', color: 'violet', category: 'started' },
    { name: 'Shipped', color: 'teal', category: 'done' },
  ]) {
    const response = await world.owner.api(`/api/projects/${projectId}/statuses`, { body });
    expect(response.status, await response.clone().text()).toBe(201);
  }
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

const createTask = (user: TestUser, title: string, body: Record<string, unknown> = {}) =>
  user
    .api(`/api/projects/${projectId}/tasks`, { body: { title, ...body } })
    .then((r) => json<TaskSummaryView>(r));

const setStatus = (user: TestUser, taskId: string, status: string) =>
  user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status } }).then((r) => json<unknown>(r));

const dashboard = (user: TestUser) => user.api('/api/dashboard').then((r) => json<DashboardView>(r));
const thisWeek = (view: DashboardView) => view.weeks.at(-1)!;

describe('a status of the Done category', () => {
  it("counts as done on the dashboard's counters and weekly chart, and in the weekly summary", async () => {
    const today = server.deps.clock.now().toISOString().slice(0, 10);
    const summary = () =>
      world.owner.api(`/api/dashboard/summary?today=${today}`).then((r) => json<WeeklySummaryView>(r));
    const before = await dashboard(world.owner);
    const factsBefore = (await summary()).facts;

    const task = await createTask(world.owner, 'Poster', { status: 'IN_REVIEW' });
    const during = await dashboard(world.owner);
    expect(during.counters.DOING).toBe(before.counters.DOING + 1);
    await setStatus(world.owner, task.task_id, 'SHIPPED');

    const after = await dashboard(world.owner);
    expect(after.counters.DONE).toBe(before.counters.DONE + 1);
    expect(after.counters.DOING).toBe(before.counters.DOING);
    expect(thisWeek(after).completed).toBe(thisWeek(before).completed + 1);
    const factsAfter = (await summary()).facts;
    expect(factsAfter.completed).toBe(factsBefore.completed + 1);

    // A move to a Started status is no completion.
    const other = await createTask(world.owner, 'Flyer');
    await setStatus(world.owner, other.task_id, 'IN_REVIEW');
    expect(thisWeek(await dashboard(world.owner)).completed).toBe(thisWeek(before).completed + 1);
  });

  it('gives a milestone its pace', async () => {
    const milestone = await world.owner
      .api(`/api/projects/${projectId}/milestones`, { body: { name: 'Launch', target_date: '2099-01-01' } })
      .then((r) => json<MilestoneView>(r));
    const tasks = [await createTask(world.owner, 'Banner'), await createTask(world.owner, 'Badge')];
    for (const task of tasks) {
      const put = await world.owner.api(`/api/tasks/${task.task_id}/milestone`, {
        method: 'PUT',
        body: { milestone_id: milestone.milestone_id },
      });
      expect(put.status, await put.clone().text()).toBeLessThan(300);
    }
    await setStatus(world.owner, tasks[0]!.task_id, 'SHIPPED');
    const listed = await world.owner
      .api(`/api/projects/${projectId}/milestones`)
      .then((r) => json<MilestoneView[]>(r));
    const launch = listed.find((row) => row.milestone_id === milestone.milestone_id)!;
    expect(launch.tasks).toEqual({ done: 1, total: 2 });
    // Finished within the pace window: the forecast has a pace to go on.
    expect(launch.forecast_date).not.toBeNull();
  });

  it('unblocks the tasks it blocked, and relations name it', async () => {
    const blocker = await createTask(world.owner, 'Typeface', { status: 'IN_REVIEW' });
    const blocked = await createTask(world.owner, 'Print run');
    const added = await world.owner.api(`/api/tasks/${blocked.task_id}/relations`, {
      body: { side: 'blocked_by', task_id: blocker.task_id },
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const structure = () =>
      world.owner.api(`/api/tasks/${blocked.task_id}/structure`).then((r) => json<TaskStructureView>(r));
    const open = await structure();
    expect(open.blocked).toBe(true);
    expect(open.relations[0]!.task).toMatchObject({ status_name: 'In review', status_category: 'started' });
    await setStatus(world.owner, blocker.task_id, 'SHIPPED');
    const finished = await structure();
    expect(finished.blocked).toBe(false);
    expect(finished.relations[0]!.task).toMatchObject({ status_name: 'Shipped', status_category: 'done' });
  });
});

describe("a project's own status", () => {
  it('is named in the CSV export', async () => {
    await createTask(world.owner, 'Sticker', { status: 'IN_REVIEW' });
    const shipped = await createTask(world.owner, 'Mug');
    await setStatus(world.owner, shipped.task_id, 'SHIPPED');
    const csv = await world.owner.api(`/api/projects/${projectId}/export.csv`);
    expect(csv.status, await csv.clone().text()).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), {
      newline: '\r\n',
    }).data.filter((row) => row.length > 1);
    const column = header!.indexOf('Status');
    expect(column).toBe(TASK_CSV_COLUMNS.indexOf('Status'));
    const statusOf = (title: string) => rows.find((row) => row[1] === title)?.[column];
    expect(statusOf('Sticker')).toBe('In review');
    expect(statusOf('Mug')).toBe('Shipped');
  });

  it('is named in the inbox and in "For me"', async () => {
    const task = await createTask(world.owner, 'Leaflet', { assignee_id: world.member.userId });
    await setStatus(world.owner, task.task_id, 'IN_REVIEW');
    await setStatus(world.owner, task.task_id, 'SHIPPED');

    const inbox = await world.member.api('/api/inbox').then((r) => json<InboxPage>(r));
    const line = inbox.entries.find(
      (entry) => entry.task.task_id === task.task_id && entry.metadata.status?.new === 'SHIPPED',
    );
    expect(line?.status_names).toEqual({ IN_REVIEW: 'In review', SHIPPED: 'Shipped' });

    const forMe = await world.member.api('/api/notifications').then((r) => json<NotificationPage>(r));
    const changes = forMe.entries
      .filter((entry) => entry.task.task_id === task.task_id && entry.kind === 'change')
      .map((entry) => entry.detail);
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'status', from: 'IN_REVIEW', to: 'SHIPPED', to_name: 'Shipped' }),
    );
  });

  it('is named in search results, with its category', async () => {
    const task = await createTask(world.owner, 'Quokka tote bag');
    await setStatus(world.owner, task.task_id, 'SHIPPED');
    const answer = await world.owner
      .api(`/api/search?kinds=task&project_id=${projectId}&q=quokka`)
      .then((r) => json<SearchAnswer>(r));
    expect(answer.tasks.items).toEqual([
      expect.objectContaining({ status: 'SHIPPED', status_name: 'Shipped', status_category: 'done' }),
    ]);
  });
});
