// @database both

import { testDatabaseKind } from '@figgle/test-support/database-template';
import type { TestUser } from '@figgle/test-support/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createTask } from '../realtime/realtime-world.ts';
import { killWorldPerFile } from '../support/crash-place.ts';
import { onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { eventually, recurrenceOf, setRecurrence, tasksOf } from './recurring-world.ts';

/**
 * Servers killed (SIGKILL, main.ts as `npm start` runs it) while the next occurrences of completed
 * repeating tasks are being made: after a restart each completed task has exactly one next
 * occurrence, which carries the series. On PostgreSQL the test holds the project's row against
 * updates (FOR NO KEY UPDATE: a status change's key checks pass), which making a task needs, so the
 * kill surely lands inside open transactions that have locked their series and made nothing visible
 * yet; a second server shares the database and works the same jobs, takes over the dead server's
 * once their leases run out, and the restarted first server finds nothing left to do.
 */
const kind = testDatabaseKind();
const KILL_TEST_MS = 180_000;
/** Enough completions that some jobs are still being worked on when the kill lands. */
const TASKS = 40;

describe(`SIGKILL while next occurrences are made (${kind})`, () => {
  const world = killWorldPerFile(
    kind,
    'recurring-tasks-kill',
    {
      SECRET: 'recurring-tasks-kill-secret-long-enough-0123456789',
    },
    'Rita',
    KILL_TEST_MS,
  );
  let second: ServerProcess | undefined;

  it(
    'makes exactly one next occurrence of each completed task',
    async () => {
      let { first, user } = world;
      const { place } = world;
      const organizationId = await createOrganizationAs(user, 'Routine Studio');
      const created = await user.api('/api/projects', {
        body: { name: 'Routines', trigram: 'RTN', organization_id: organizationId },
      });
      expect(created.status).toBe(201);
      const { project_id: projectId } = (await created.json()) as { project_id: string };
      const taskIds: string[] = [];
      for (let n = 0; n < TASKS; n++) {
        const taskId = await createTask(user, projectId, `Chore ${n}`);
        await setRecurrence(user, taskId, { rrule: 'FREQ=WEEKLY' });
        taskIds.push(taskId);
      }

      if (kind === 'postgres') second = await world.start();
      let release = () => {};
      let holder: Promise<void> = Promise.resolve();
      if (place.postgres) {
        const db = place.postgres.db;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        holder = db.transaction().execute(async (trx) => {
          await sql`SELECT project_id FROM project WHERE project_id = ${projectId} FOR NO KEY UPDATE`.execute(
            trx,
          );
          locked();
          await held;
        });
        await isLocked;
      }
      const done = await Promise.all(
        taskIds.map((taskId) =>
          user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { status: 'DONE' } }),
        ),
      );
      expect(done.map((response) => response.status)).toEqual(taskIds.map(() => 200));
      if (place.postgres) {
        const db = place.postgres.db;
        await eventually(async () => {
          const jobs = await db
            .selectFrom('job')
            .select('state')
            .where('kind', '=', 'recurring_task')
            .where('organization_id', '=', organizationId)
            .execute();
          // Each waits for the project's row inside its transaction, the series row locked.
          return jobs.filter((job) => job.state === 'running').length >= 2;
        }, 'jobs running, waiting for the project');
      }
      first.child.kill('SIGKILL');
      await first.exited;
      release();
      await holder;

      const allMade = async (on: TestUser) =>
        (await tasksOf(on, projectId)).filter((task) => task.status === 'TODO').length >= TASKS;
      if (second) {
        user = onServer(user, second.url);
        await eventually(() => allMade(user), 'every next occurrence, by the second server', 60_000);
      }
      first = await world.start();
      user = onServer(user, first.url);
      await eventually(() => allMade(user), 'every next occurrence after the restart', 60_000);
      if (place.postgres) {
        const db = place.postgres.db;
        await eventually(
          async () => {
            const jobs = await db
              .selectFrom('job')
              .select('state')
              .where('kind', '=', 'recurring_task')
              .where('organization_id', '=', organizationId)
              .execute();
            return jobs.length === TASKS && jobs.every((job) => job.state === 'done');
          },
          'every job done',
          60_000,
        );
      }

      const tasks = await tasksOf(user, projectId);
      expect(tasks).toHaveLength(2 * TASKS);
      for (const [n, taskId] of taskIds.entries()) {
        const same = tasks.filter((task) => task.title === `Chore ${n}`);
        expect(same.map((task) => task.status).sort()).toEqual(['DONE', 'TODO']);
        const next = same.find((task) => task.status === 'TODO')!;
        expect(await recurrenceOf(user, taskId)).toBeNull();
        expect(await recurrenceOf(user, next.task_id)).toMatchObject({
          occurrence: 2,
          words: expect.stringMatching(/^Repeats every /),
        });
      }
      expect(first.output()).not.toMatch(/"level":(50|60)/);
    },
    KILL_TEST_MS,
  );
});
