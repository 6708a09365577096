// @database pglite
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_ORGANIZATION_MESSAGE,
  SAME_PROJECT_MESSAGE,
} from '../../src/features/tasks/commands/move-task-to-project.ts';
import type { BusEvent } from '../../src/realtime/bus.ts';
import {
  addMember,
  createOrganizationAs,
  createOrganizationWorld,
  type OrganizationWorld,
} from '../organizations/organizations-world.ts';

/** Issue 39, item 5: a task is deleted once, moved within its organization, and duplicated. */
let server: TestServer;
let mail: MailCatcher;
let world: OrganizationWorld;
let engine: string;
let design: string;
const events: BusEvent[] = [];

async function newProject(user: TestUser, organizationId: string, name: string, trigram: string) {
  const response = await user.api('/api/projects', {
    body: { name, trigram, organization_id: organizationId },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { project_id: string }).project_id;
}

async function newTask(projectId: string, body: Record<string, unknown> = { title: 'Task' }) {
  const response = await world.member.api(`/api/projects/${projectId}/tasks`, { body });
  expect(response.status).toBe(201);
  return (await response.json()) as TaskSummaryView;
}

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  world = await createOrganizationWorld(server, mail);
  engine = await newProject(world.owner, world.organizationId, 'Engine', 'ENG');
  design = await newProject(world.owner, world.organizationId, 'Design', 'DES');
  server.deps.bus.subscribe((event) => events.push(event));
});

const taskRow = (taskId: string) =>
  server.deps.db.selectFrom('task').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();

describe('deleting a task', () => {
  it('deletes once; the second delete is a 404 that changes nothing', async () => {
    const task = await newTask(engine);
    expect((await world.member.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' })).status).toBe(204);
    const deletedAt = (await taskRow(task.task_id)).deleted_at;
    expect(deletedAt).not.toBeNull();
    const again = await world.member.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe('Task not found.');
    expect((await taskRow(task.task_id)).deleted_at).toEqual(deletedAt);
  });
});

describe('moving a task to another project', () => {
  it('gives it the next reference there, keeps its status, comments and labels, and logs the move', async () => {
    await newTask(design, { title: 'Already there' });
    const task = await newTask(engine, { title: 'Wander', status: 'DOING' });
    await world.member.api(`/api/tasks/${task.task_id}/comments`, {
      body: { content_json: { ops: [{ insert: 'Comes along\n' }] } },
    });
    events.length = 0;
    const response = await world.member.api(`/api/tasks/${task.task_id}/move`, {
      body: { project_id: design },
    });
    expect(response.status).toBe(200);
    const moved = (await response.json()) as TaskSummaryView;
    expect(moved).toMatchObject({ task_id: task.task_id, project_id: design, reference: 2, status: 'DOING' });
    expect(moved.comments_total).toBe(1);
    // The old project's list no longer has it; the new one has.
    const engineTasks = (await (
      await world.owner.api(`/api/projects/${engine}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(engineTasks.some((t) => t.task_id === task.task_id)).toBe(false);
    const designTasks = (await (
      await world.owner.api(`/api/projects/${design}/tasks`)
    ).json()) as TaskSummaryView[];
    expect(designTasks.find((t) => t.task_id === task.task_id)?.reference).toBe(2);
    const logs = await server.deps.db
      .selectFrom('log')
      .select(['type', 'project_id', 'metadata'])
      .where('task_id', '=', task.task_id)
      .orderBy('created_at')
      .execute();
    expect(logs.map((log) => log.type)).toEqual(['CREATION', 'COMMENT', 'MOVE']);
    expect(logs.every((log) => log.project_id === design)).toBe(true);
    expect(logs.at(-1)?.metadata).toEqual({
      project: { old: { project_id: engine, name: 'Engine' }, new: { project_id: design, name: 'Design' } },
    });
    expect(events.filter((e) => e.kind === 'task').map((e) => `${e.action}:${e.projectId}`)).toEqual([
      `deleted:${engine}`,
      `created:${design}`,
    ]);
    expect(events.find((e) => e.action === 'deleted')?.movedToProjectId).toBe(design);
  });

  it("refuses a project of another organization the person is in with 400, and one they can't see with 404", async () => {
    const task = await newTask(engine, { title: 'Stay home' });
    const elsewhere = await createOrganizationAs(world.outsider, 'Elsewhere two');
    const foreign = await newProject(world.outsider, elsewhere, 'Foreign', 'FOR');
    const unseen = await world.member.api(`/api/tasks/${task.task_id}/move`, {
      body: { project_id: foreign },
    });
    expect(unseen.status).toBe(404);
    expect(((await unseen.json()) as { message: string }).message).toBe('Project not found.');

    await addMember(world.outsider, elsewhere, world.member, mail);
    const other = await world.member.api(`/api/tasks/${task.task_id}/move`, {
      body: { project_id: foreign },
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { message: string }).message).toBe(OTHER_ORGANIZATION_MESSAGE);
    const same = await world.member.api(`/api/tasks/${task.task_id}/move`, { body: { project_id: engine } });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { message: string }).message).toBe(SAME_PROJECT_MESSAGE);
    const broken = await world.member.api(`/api/tasks/${task.task_id}/move`, { body: { project_id: 'x' } });
    expect(broken.status).toBe(400);
    const row = await taskRow(task.task_id);
    expect(row.project_id).toBe(engine);
    expect(row.reference).toBe(task.reference);
    const foreignCount = await server.deps.db
      .selectFrom('project')
      .select('last_reference')
      .where('project_id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(foreignCount.last_reference).toBe(0);
  });

  it('answers 404 for a deleted task', async () => {
    const task = await newTask(engine);
    await world.member.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' });
    const response = await world.member.api(`/api/tasks/${task.task_id}/move`, {
      body: { project_id: design },
    });
    expect(response.status).toBe(404);
    expect((await taskRow(task.task_id)).project_id).toBe(engine);
  });
});

describe('duplicating a task', () => {
  it('copies its fields, labels and checklist into the same project as "… (copy)"', async () => {
    const label = await world.owner.api(`/api/organizations/${world.organizationId}/labels`, {
      body: { name: 'Bug', color: 'red' },
    });
    const labelId = ((await label.json()) as { label_id: string }).label_id;
    const task = await newTask(engine, {
      title: 'Original',
      status: 'DOING',
      assignee_id: world.owner.userId,
      priority: 'HIGH',
      due_on: '2026-12-24',
      label_ids: [labelId],
      description: 'The words',
    });
    await world.member.api(`/api/tasks/${task.task_id}/checklist`, { body: { text: 'First step' } });
    await world.member.api(`/api/tasks/${task.task_id}/comments`, {
      body: { content_json: { ops: [{ insert: 'Stays behind\n' }] } },
    });
    const response = await world.member.api(`/api/tasks/${task.task_id}/duplicate`, { method: 'POST' });
    expect(response.status).toBe(201);
    const copy = (await response.json()) as TaskSummaryView;
    expect(copy.task_id).not.toBe(task.task_id);
    expect(copy).toMatchObject({
      project_id: engine,
      title: 'Original (copy)',
      status: 'DOING',
      priority: 'HIGH',
      due_on: '2026-12-24',
      assignee: { user_id: world.owner.userId },
      comments_total: 0,
      checklist: { done: 0, total: 1 },
    });
    expect(copy.labels.map((l) => l.name)).toEqual(['Bug']);
    expect(copy.reference).toBeGreaterThan(task.reference);
    expect((await taskRow(copy.task_id)).content_json).toEqual((await taskRow(task.task_id)).content_json);
  });

  it('copies its start date, estimate and milestone; not its cycle', async () => {
    const scale = await world.owner.api(`/api/projects/${engine}`, {
      method: 'PATCH',
      body: { estimate_scale: 'points' },
    });
    expect(scale.status).toBe(200);
    const milestone = await world.member.api(`/api/projects/${engine}/milestones`, {
      body: { name: 'Beta', target_date: '2027-01-15' },
    });
    const { milestone_id } = (await milestone.json()) as { milestone_id: string };
    const task = await newTask(engine, { title: 'Planned', due_on: '2026-12-24' });
    const planned = await world.member.api(`/api/tasks/${task.task_id}`, {
      method: 'PATCH',
      body: { start_date: '2026-12-01', estimate: '5' },
    });
    expect(planned.status).toBe(200);
    await world.member.api(`/api/tasks/${task.task_id}/milestone`, { method: 'PUT', body: { milestone_id } });

    const response = await world.member.api(`/api/tasks/${task.task_id}/duplicate`, { method: 'POST' });
    expect(response.status).toBe(201);
    const copy = (await response.json()) as TaskSummaryView;
    expect(copy).toMatchObject({
      start_date: '2026-12-01',
      due_on: '2026-12-24',
      estimate: '5',
      cycle_id: null,
    });
    expect((await taskRow(copy.task_id)).milestone_id).toBe(milestone_id);
  });

  it('answers 404 for a deleted task and makes nothing', async () => {
    const task = await newTask(engine);
    await world.member.api(`/api/tasks/${task.task_id}`, { method: 'DELETE' });
    const before = await server.deps.db
      .selectFrom('task')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await world.member.api(`/api/tasks/${task.task_id}/duplicate`, { method: 'POST' })).status).toBe(
      404,
    );
    const after = await server.deps.db
      .selectFrom('task')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
