// @database both

import { testDatabaseKind } from '@figgle/test-support/database-template';
import { describe, expect, it } from 'vitest';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { killWorldPerFile, moveClock } from '../support/crash-place.ts';
import { onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import {
  createTask,
  cycleDetail,
  cycleLogLines,
  eventually,
  finishTask,
  planTask,
  turnCyclesOn,
} from './cycles-world.ts';

/**
 * The rollover of a cycle killed (SIGKILL, main.ts as `npm start` runs it) while it runs: after a
 * restart every unfinished task is in exactly one next cycle, with exactly one log line saying so.
 * On PostgreSQL a second server shares the database; it takes the job over once the dead worker's
 * lease runs out, and the restarted first server finds nothing left to do.
 */
const kind = testDatabaseKind();
const KILL_TEST_MS = 180_000;
/** Enough tasks that the rollover's transaction is still open when the kill lands. */
const TASKS = 60;
const DONE = 10;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe(`SIGKILL during a cycle's rollover (${kind})`, () => {
  const world = killWorldPerFile(
    kind,
    'cycles-rollover-kill',
    {
      SECRET: 'cycles-rollover-kill-secret-long-enough-0123456789',
      TEST_CLOCK_CONTROL: 'true',
    },
    'Rae',
    KILL_TEST_MS,
  );
  let second: ServerProcess | undefined;

  it(
    'moves every unfinished task to exactly one next cycle, with one log line each',
    async () => {
      let { first, user } = world;
      const { place } = world;
      const organizationId = await createOrganizationAs(user, 'Sprint Studio');
      const created = await user.api('/api/projects', {
        body: { name: 'Sprints', trigram: 'SPR', organization_id: organizationId },
      });
      expect(created.status).toBe(201);
      const { project_id: projectId } = (await created.json()) as { project_id: string };
      const cycles = (await turnCyclesOn(user, projectId, 1, 1)).cycles;
      const current = cycles.find((cycle) => cycle.state === 'current')!;
      const next = cycles.find((cycle) => cycle.number === current.number + 1)!;
      const tasks = [];
      for (let n = 0; n < TASKS; n++) {
        const task = await createTask(user, projectId, `Task ${n}`);
        expect((await planTask(user, task.task_id, current.cycle_id)).status).toBe(204);
        tasks.push(task);
      }
      for (const task of tasks.slice(0, DONE)) await finishTask(user, task.task_id);

      if (kind === 'postgres') second = await world.start();
      // Only the first server's clock passes the end: the job is its own.
      await moveClock(first, WEEK_MS);
      if (place.postgres) {
        const db = place.postgres.db;
        await eventually(async () => {
          const job = await db
            .selectFrom('job')
            .select('state')
            .where('kind', '=', 'cycle_rollover')
            .where('dedupe_key', '=', current.cycle_id)
            .executeTakeFirst();
          return job?.state !== 'pending';
        }, 'the rollover claimed');
      }
      first.child.kill('SIGKILL');
      await first.exited;

      if (second) {
        // The second server's clock passes the end too: it takes the job once the lease runs out.
        await moveClock(second, WEEK_MS);
        user = onServer(user, second.url);
        await eventually(
          async () => (await cycleDetail(user, current.cycle_id)).closed_at,
          'closed by the second server',
          60_000,
        );
      }
      first = await world.start();
      await moveClock(first, WEEK_MS);
      user = onServer(user, first.url);
      const closed = await eventually(
        async () => {
          const detail = await cycleDetail(user, current.cycle_id);
          return detail.closed_at ? detail : null;
        },
        'the cycle closed after the restart',
        60_000,
      );
      expect(closed.tasks).toEqual({ done: DONE, total: TASKS });
      expect((await cycleDetail(user, next.cycle_id)).tasks).toEqual({ done: 0, total: TASKS - DONE });

      for (const [index, task] of tasks.entries()) {
        const detail = (await (await user.api(`/api/tasks/${task.task_id}`)).json()) as { cycle_id: string };
        const rollovers = (await cycleLogLines(user, task.task_id)).filter((line) => line.metadata?.rollover);
        if (index < DONE) {
          expect(detail.cycle_id).toBe(current.cycle_id);
          expect(rollovers).toHaveLength(0);
        } else {
          expect(detail.cycle_id).toBe(next.cycle_id);
          expect(rollovers).toHaveLength(1);
          expect(rollovers[0]!.metadata?.cycle).toMatchObject({
            old: { number: current.number },
            new: { number: next.number },
          });
        }
      }
      expect(first.output()).not.toMatch(/"level":(50|60)/);
    },
    KILL_TEST_MS,
  );
});
