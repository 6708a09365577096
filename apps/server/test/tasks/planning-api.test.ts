// @database pglite
import type { InboxPage } from '@figgle/shared/inbox-schemas';
import type { LabelView } from '@figgle/shared/planning-schemas';
import type { EventFrame, ServerFrame } from '@figgle/shared/realtime-protocol';
import { topics } from '@figgle/shared/realtime-protocol';
import type { TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { afterAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../realtime/realtime-socket.ts';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';
import { logLinesOf } from '../support/task-rows.ts';

let server: TestServer;
let world: RealtimeWorld;
const sockets: TestSocket[] = [];

realtimeWorldPerFile((started) => ({ server, world } = started));
afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function open(user: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.open(server.url, { cookie: user.cookie });
  sockets.push(socket);
  return socket;
}

async function createTask(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/projects/${projectId}/tasks`, { body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

async function patch(user: TestUser, taskId: string, body: Record<string, unknown>) {
  const response = await user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TaskSummaryView;
}

async function setLabels(user: TestUser, taskId: string, labelIds: string[]) {
  const response = await user.api(`/api/tasks/${taskId}/labels`, {
    method: 'PUT',
    body: { label_ids: labelIds },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TaskSummaryView;
}

async function createLabel(user: TestUser, name: string, color = 'blue') {
  const response = await user.api(`/api/organizations/${world.organizationId}/labels`, {
    body: { name, color },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as LabelView;
}

async function detail(user: TestUser, taskId: string) {
  const response = await user.api(`/api/tasks/${taskId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TaskDetailView;
}

const isEvent = (frame: ServerFrame): frame is EventFrame => frame.type === 'event';

describe('PATCH /api/tasks/:taskId: due date and priority', () => {
  it('sets a due day, then a day and time (clearing the day), then clears it, logging old and new each time', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Due');
    const task = await createTask(world.owner, projectId, { title: 'Ship the beta' });
    expect(task).toMatchObject({ due_on: null, due_at: null, priority: 'NONE', labels: [] });
    expect(task.checklist).toEqual({ done: 0, total: 0 });

    const onDay = await patch(world.member, task.task_id, { due_on: '2026-03-01' });
    expect(onDay).toMatchObject({ due_on: '2026-03-01', due_at: null, version: task.version + 1 });
    expect(onDay.last_modifier?.user_id).toBe(world.member.userId);

    // An offset is kept as the instant it names; the answer is in UTC.
    const atTime = await patch(world.member, task.task_id, { due_at: '2026-03-02T09:30:00+01:00' });
    expect(atTime).toMatchObject({ due_on: null, due_at: '2026-03-02T08:30:00.000Z' });

    const backToDay = await patch(world.owner, task.task_id, { due_on: '2026-03-05' });
    expect(backToDay).toMatchObject({ due_on: '2026-03-05', due_at: null });

    const cleared = await patch(world.owner, task.task_id, { due_on: null, due_at: null });
    expect(cleared).toMatchObject({ due_on: null, due_at: null });

    expect((await logLinesOf(server, task.task_id)).slice(1)).toEqual([
      {
        type: 'DUE_DATE',
        author_id: world.member.userId,
        metadata: { due: { old: null, new: '2026-03-01' } },
      },
      {
        type: 'DUE_DATE',
        author_id: world.member.userId,
        metadata: { due: { old: '2026-03-01', new: '2026-03-02T08:30:00.000Z' } },
      },
      {
        type: 'DUE_DATE',
        author_id: world.owner.userId,
        metadata: { due: { old: '2026-03-02T08:30:00.000Z', new: '2026-03-05' } },
      },
      {
        type: 'DUE_DATE',
        author_id: world.owner.userId,
        metadata: { due: { old: '2026-03-05', new: null } },
      },
    ]);
    expect(await detail(world.member, task.task_id)).toMatchObject({ due_on: null, due_at: null });
  });

  it('clears only the field sent as null, and keeps a due date other edits do not name', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Keep');
    const task = await createTask(world.owner, projectId, {
      title: 'Keep it',
      due_at: '2026-05-01T12:00:00Z',
    });
    expect(task).toMatchObject({ due_on: null, due_at: '2026-05-01T12:00:00.000Z' });
    // due_on: null clears the day, of which there is none: the time stays, nothing is written.
    const same = await patch(world.owner, task.task_id, { due_on: null });
    expect(same).toMatchObject({ due_at: '2026-05-01T12:00:00.000Z', version: task.version });
    const renamed = await patch(world.owner, task.task_id, { title: 'Kept' });
    expect(renamed).toMatchObject({ title: 'Kept', due_at: '2026-05-01T12:00:00.000Z' });
  });

  it('sets the priority with a PRIORITY log; the same value again changes nothing', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Prio');
    const task = await createTask(world.owner, projectId, { title: 'Fix the crash' });
    const urgent = await patch(world.member, task.task_id, { priority: 'URGENT' });
    expect(urgent).toMatchObject({ priority: 'URGENT', version: task.version + 1 });
    const again = await patch(world.member, task.task_id, { priority: 'URGENT' });
    expect(again.version).toBe(urgent.version);
    const low = await patch(world.owner, task.task_id, { priority: 'LOW', title: 'Fix the crash later' });
    expect(low).toMatchObject({ priority: 'LOW', title: 'Fix the crash later' });
    expect((await logLinesOf(server, task.task_id)).slice(1)).toEqual([
      {
        type: 'PRIORITY',
        author_id: world.member.userId,
        metadata: { priority: { old: 'NONE', new: 'URGENT' } },
      },
      // One edit, one log row with both changes, typed by the first in the spec's order.
      {
        type: 'TITLE',
        author_id: world.owner.userId,
        metadata: {
          title: { old: 'Fix the crash', new: 'Fix the crash later' },
          priority: { old: 'URGENT', new: 'LOW' },
        },
      },
    ]);
  });
});

describe('PUT /api/tasks/:taskId/labels', () => {
  it('replaces the labels (sorted by name on every view) and logs LABELS with old and new', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Labels');
    const task = await createTask(world.owner, projectId, { title: 'Label me' });
    const bug = await createLabel(world.owner, 'bug', 'red');
    const design = await createLabel(world.owner, 'Design', 'grape');
    const api = await createLabel(world.member, 'API', 'cyan');

    const labelled = await setLabels(world.member, task.task_id, [
      bug.label_id,
      design.label_id,
      api.label_id,
    ]);
    expect(labelled.labels).toEqual([
      { label_id: api.label_id, name: 'API', color: 'cyan' },
      { label_id: bug.label_id, name: 'bug', color: 'red' },
      { label_id: design.label_id, name: 'Design', color: 'grape' },
    ]);
    expect(labelled.version).toBe(task.version + 1);

    // The same set, in another order and with a repeat: nothing changes, nothing is logged.
    const same = await setLabels(world.member, task.task_id, [
      api.label_id,
      bug.label_id,
      design.label_id,
      bug.label_id,
    ]);
    expect(same.version).toBe(labelled.version);

    const fewer = await setLabels(world.owner, task.task_id, [design.label_id]);
    expect(fewer.labels.map((label) => label.name)).toEqual(['Design']);
    const none = await setLabels(world.owner, task.task_id, []);
    expect(none.labels).toEqual([]);

    const named = (...labels: LabelView[]) => labels.map(({ label_id, name }) => ({ label_id, name }));
    expect((await logLinesOf(server, task.task_id)).slice(1)).toEqual([
      {
        type: 'LABELS',
        author_id: world.member.userId,
        metadata: { labels: { old: [], new: named(api, bug, design) } },
      },
      {
        type: 'LABELS',
        author_id: world.owner.userId,
        metadata: { labels: { old: named(api, bug, design), new: named(design) } },
      },
      {
        type: 'LABELS',
        author_id: world.owner.userId,
        metadata: { labels: { old: named(design), new: [] } },
      },
    ]);

    await setLabels(world.owner, task.task_id, [bug.label_id, api.label_id]);
    const listed = (await (
      await world.member.api(`/api/projects/${projectId}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(listed[0]!.labels.map((label) => label.name)).toEqual(['API', 'bug']);
    expect((await detail(world.member, task.task_id)).labels.map((label) => label.name)).toEqual([
      'API',
      'bug',
    ]);
    await patch(world.owner, task.task_id, { assignee_id: world.member.userId });
    const mine = (await (await world.member.api('/api/my-tasks')).json()) as TaskSummaryView[];
    expect(mine.find((row) => row.task_id === task.task_id)?.labels.map((label) => label.name)).toEqual([
      'API',
      'bug',
    ]);
  });
});

describe('POST /api/projects/:projectId/tasks with planning fields', () => {
  it('creates a task with a due day, a priority and labels, and says so in its CREATION log', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Create');
    const ux = await createLabel(world.owner, 'UX', 'pink');
    const task = await createTask(world.member, projectId, {
      title: 'Plan the launch',
      due_on: '2026-12-24',
      priority: 'HIGH',
      label_ids: [ux.label_id],
    });
    expect(task).toMatchObject({
      due_on: '2026-12-24',
      due_at: null,
      priority: 'HIGH',
      labels: [{ label_id: ux.label_id, name: 'UX', color: 'pink' }],
      checklist: { done: 0, total: 0 },
    });
    expect(await logLinesOf(server, task.task_id)).toEqual([
      {
        type: 'CREATION',
        author_id: world.member.userId,
        metadata: {
          title: { old: null, new: 'Plan the launch' },
          status: { old: null, new: 'TODO' },
          due: { old: null, new: '2026-12-24' },
          priority: { old: null, new: 'HIGH' },
          labels: { old: [], new: [{ label_id: ux.label_id, name: 'UX' }] },
        },
      },
    ]);

    const timed = await createTask(world.owner, projectId, {
      title: 'Call',
      due_at: '2026-12-24T18:00:00-05:00',
    });
    expect(timed).toMatchObject({
      due_on: null,
      due_at: '2026-12-24T23:00:00.000Z',
      priority: 'NONE',
      labels: [],
    });
  });
});

describe('live updates and the inbox', () => {
  it("sends another viewer the task with its new due date, priority and labels, and label changes to the organization's viewers only", async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Live');
    const task = await createTask(world.owner, projectId, { title: 'Watched' });
    const label = await createLabel(world.owner, 'Live one', 'lime');
    const viewer = await open(world.member);
    await viewer.subscribe(topics.tasks(projectId));
    await viewer.subscribe(topics.projects(world.organizationId));
    const outsider = await open(world.outsider);
    await outsider.subscribe(topics.projects(world.outsiderOrganizationId));

    let from = viewer.mark();
    await patch(world.owner, task.task_id, { due_on: '2026-07-14', priority: 'MEDIUM' });
    const dated = await viewer.next<EventFrame>(
      (frame) => isEvent(frame) && frame.kind === 'task' && frame.topic === topics.tasks(projectId),
      from,
    );
    expect(dated).toMatchObject({ action: 'updated', id: task.task_id, actorId: world.owner.userId });
    expect(dated.data).toMatchObject({ due_on: '2026-07-14', priority: 'MEDIUM' });

    from = viewer.mark();
    await setLabels(world.owner, task.task_id, [label.label_id]);
    const labelled = await viewer.next<EventFrame>(
      (frame) => isEvent(frame) && frame.kind === 'task' && frame.topic === topics.tasks(projectId),
      from,
    );
    expect((labelled.data as TaskSummaryView).labels).toEqual([
      { label_id: label.label_id, name: 'Live one', color: 'lime' },
    ]);

    from = viewer.mark();
    const outsiderFrom = outsider.mark();
    const renamed = await world.owner.api(`/api/labels/${label.label_id}`, {
      method: 'PATCH',
      body: { name: 'Live two' },
    });
    expect(renamed.status).toBe(200);
    const labelEvent = await viewer.next<EventFrame>(
      (frame) => isEvent(frame) && frame.kind === 'label',
      from,
    );
    expect(labelEvent).toMatchObject({
      topic: topics.projects(world.organizationId),
      action: 'updated',
      id: label.label_id,
      organizationId: world.organizationId,
      actorId: world.owner.userId,
    });
    // The list a viewer reads again carries the new name (no list kept from before the rename).
    const listed = (await (
      await world.member.api(`/api/projects/${projectId}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(listed[0]!.labels[0]!.name).toBe('Live two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.since(outsiderFrom, (frame) => isEvent(frame) && frame.kind === 'label')).toEqual([]);
  });

  it('shows due date, priority and label changes by others in the inbox with their old and new values', async () => {
    const projectId = await createProject(world.owner, world.organizationId, 'Inbox');
    const task = await createTask(world.owner, projectId, { title: 'Noticed' });
    const label = await createLabel(world.owner, 'Inboxed', 'orange');
    await patch(world.owner, task.task_id, { due_on: '2027-01-02' });
    await patch(world.owner, task.task_id, { priority: 'HIGH' });
    await setLabels(world.owner, task.task_id, [label.label_id]);

    const response = await world.member.api('/api/inbox?limit=10');
    expect(response.status).toBe(200);
    const page = (await response.json()) as InboxPage;
    const entries = page.entries.filter((entry) => entry.task.task_id === task.task_id);
    expect(entries.map((entry) => [entry.type, entry.metadata])).toEqual([
      ['LABELS', { labels: { old: [], new: [{ label_id: label.label_id, name: 'Inboxed' }] } }],
      ['PRIORITY', { priority: { old: 'NONE', new: 'HIGH' } }],
      ['DUE_DATE', { due: { old: null, new: '2027-01-02' } }],
      ['CREATION', { title: { old: null, new: 'Noticed' }, status: { old: null, new: 'TODO' } }],
    ]);
    const status = (await (await world.member.api('/api/inbox/status')).json()) as { has_new: boolean };
    expect(status.has_new).toBe(true);
  });
});
