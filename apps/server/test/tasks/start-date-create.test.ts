// @database pglite
import { START_AFTER_DUE_MESSAGE } from '@figgle/shared/planning-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type RealtimeWorld, realtimeWorldPerFile } from '../realtime/realtime-world.ts';

// Issue 44: the add-task dialog's start date. POST /api/projects/:id/tasks takes start_date; one
// after the due date is a 400 of the request's schema, before anything is written.

let server: TestServer;
let world: RealtimeWorld;
let projectId: string;

realtimeWorldPerFile((started) => ({ server, world } = started));
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Starts');
});

const create = (body: Record<string, unknown>) =>
  world.owner.api(`/api/projects/${projectId}/tasks`, { body });

const taskCount = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('task')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('POST /api/projects/:projectId/tasks: start_date', () => {
  it('makes the task with its start date, said in its creation line', async () => {
    const response = await create({
      title: 'Plan the launch',
      start_date: '2026-03-02',
      due_on: '2026-03-09',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const task = (await response.json()) as TaskSummaryView;
    expect(task).toMatchObject({ start_date: '2026-03-02', due_on: '2026-03-09' });
    const creation = await server.deps.db
      .selectFrom('log')
      .select('metadata')
      .where('task_id', '=', task.task_id)
      .where('type', '=', 'CREATION')
      .executeTakeFirstOrThrow();
    expect(creation.metadata).toMatchObject({ start: { old: null, new: '2026-03-02' } });
    // Without a due date, and on the due day itself, a start date is fine.
    expect((await create({ title: 'Open-ended', start_date: '2026-03-02' })).status).toBe(201);
    expect((await create({ title: 'Same day', start_date: '2026-03-09', due_on: '2026-03-09' })).status).toBe(
      201,
    );
  });

  it('refuses a start after the due day or time, or a malformed one, with a 400 that makes nothing', async () => {
    const before = await taskCount();
    for (const body of [
      { title: 'Late start', start_date: '2026-03-10', due_on: '2026-03-09' },
      // A due time is judged on the latest day it falls on anywhere (UTC+14): 9 March at 12:00 UTC
      // is already 10 March there, but never 11 March.
      { title: 'Late start', start_date: '2026-03-11', due_at: '2026-03-09T12:00:00Z' },
    ]) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { message: string; issues?: Array<{ path: string }> };
      expect(answer.message).toContain(START_AFTER_DUE_MESSAGE);
    }
    const malformed = await create({ title: 'Bad day', start_date: '2026-02-30' });
    expect(malformed.status).toBe(400);
    expect(await taskCount()).toBe(before);
    expect(
      (await create({ title: 'Ten in UTC+14', start_date: '2026-03-10', due_at: '2026-03-09T12:00:00Z' }))
        .status,
    ).toBe(201);
  });
});
