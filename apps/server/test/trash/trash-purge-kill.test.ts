// @database both

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { testDatabaseKind } from '@figgle/test-support/database-template';
import type { TestUser } from '@figgle/test-support/users';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { eventually } from '../cycles/cycles-world.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { killWorldPerFile, moveClock } from '../support/crash-place.ts';
import { onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';

/**
 * The purge of a project from the trash killed (SIGKILL) while it runs: after a restart the project,
 * its tasks, comments, upload rows and files are gone, and the job is done once. On PostgreSQL a
 * second server shares the database and takes the job over once the dead worker's lease runs out.
 */
const kind = testDatabaseKind();
const KILL_TEST_MS = 180_000;
/** Files to remove, so that the purge is still at work when the kill lands. */
const FILES = 25;
const PAST_THE_30_DAYS_MS = 31 * 24 * 60 * 60 * 1000;
const METRICS_TOKEN = 'trash-purge-kill-metrics-0123456789-abcdef';

async function upload(server: ServerProcess, user: TestUser, taskId: string, n: number) {
  const form = new FormData();
  form.set('folder', `tasks/${taskId}`);
  form.set('file', new Blob([`file ${n} `.repeat(2000)]), `file-${n}.txt`);
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { origin: server.url, cookie: user.cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe(`SIGKILL during the trash's purge (${kind})`, () => {
  const world = killWorldPerFile(
    kind,
    'trash-purge-kill',
    {
      SECRET: 'trash-purge-kill-secret-long-enough-0123456789',
      TEST_CLOCK_CONTROL: 'true',
      METRICS_TOKEN,
    },
    'Pia',
    KILL_TEST_MS,
  );
  let second: ServerProcess | undefined;

  it(
    'removes the project, its tasks and files for good, once',
    async () => {
      let { first, user } = world;
      const { place } = world;
      const organizationId = await createOrganizationAs(user, 'Purge Studio');
      const created = await user.api('/api/projects', {
        body: { name: 'Old work', trigram: 'OLD', organization_id: organizationId },
      });
      expect(created.status).toBe(201);
      const { project_id: projectId } = (await created.json()) as { project_id: string };
      const taskIds: string[] = [];
      for (let n = 0; n < 5; n++) {
        const task = await user.api(`/api/projects/${projectId}/tasks`, { body: { title: `Task ${n}` } });
        expect(task.status).toBe(201);
        const { task_id: taskId } = (await task.json()) as { task_id: string };
        const comment = await user.api(`/api/tasks/${taskId}/comments`, {
          body: { content_json: { ops: [{ insert: `Words ${n}\n` }] } },
        });
        expect(comment.status).toBe(201);
        taskIds.push(taskId);
      }
      for (let n = 0; n < FILES; n++) await upload(first, user, taskIds[n % taskIds.length]!, n);
      const uploads = path.join(place.dataDir, 'uploads', 'tasks');
      expect(taskIds.some((taskId) => existsSync(path.join(uploads, taskId)))).toBe(true);
      const deleted = await user.api(`/api/projects/${projectId}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);

      if (kind === 'postgres') second = await world.start();
      await moveClock(first, PAST_THE_30_DAYS_MS);
      if (place.postgres) {
        const db = place.postgres.db;
        await eventually(async () => {
          const job = await db
            .selectFrom('job')
            .select('state')
            .where('kind', '=', 'trash_purge')
            .where('organization_id', '=', organizationId)
            .executeTakeFirst();
          return job?.state === 'running' || job?.state === 'done';
        }, 'the purge claimed');
      }
      first.child.kill('SIGKILL');
      await first.exited;

      if (second) {
        await moveClock(second, PAST_THE_30_DAYS_MS);
        const db = place.postgres!.db;
        await eventually(
          async () =>
            (
              await db
                .selectFrom('project')
                .select('project_id')
                .where('project_id', '=', projectId)
                .execute()
            ).length === 0,
          'purged by the second server',
          60_000,
        );
      }
      first = await world.start();
      await moveClock(first, PAST_THE_30_DAYS_MS);
      user = onServer(user, first.url);
      await eventually(
        async () => taskIds.every((taskId) => isGone(path.join(uploads, taskId))),
        'the files removed',
        60_000,
      );

      // What the database holds afterwards: on PostgreSQL the shared one, else the embedded one once
      // the server stopped.
      let db: Kysely<Database>;
      let closeDb = async () => {};
      if (place.postgres) db = place.postgres.db;
      else {
        await eventually(
          async () => (await jobsDone(first)) >= 1,
          'the purge done after the restart',
          60_000,
        );
        first.child.kill('SIGTERM');
        await first.exited;
        const database = await openDatabase({ dataDir: place.dataDir });
        db = database.db;
        closeDb = () => database.close();
      }
      await eventually(
        async () =>
          (await db.selectFrom('project').select('project_id').where('project_id', '=', projectId).execute())
            .length === 0,
        'the project removed',
        60_000,
      );
      expect(await db.selectFrom('task').select('task_id').where('task_id', 'in', taskIds).execute()).toEqual(
        [],
      );
      expect(
        await db.selectFrom('comment').select('comment_id').where('task_id', 'in', taskIds).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('upload').select('upload_id').where('folder', 'like', 'tasks/%').execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('trash_item').select('trash_id').where('project_id', '=', projectId).execute(),
      ).toEqual([]);
      const jobs = await db
        .selectFrom('job')
        .select(['state'])
        .where('kind', '=', 'trash_purge')
        .where('organization_id', '=', organizationId)
        .execute();
      expect(jobs).toEqual([{ state: 'done' }]);
      await closeDb();
    },
    KILL_TEST_MS,
  );
});

const isGone = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Purge runs this server process finished as done (GET /metrics). */
async function jobsDone(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  const line = (await response.text())
    .split('\n')
    .find(
      (text) =>
        text.startsWith('figgle_job_runs_total{') &&
        text.includes('kind="trash_purge"') &&
        text.includes('outcome="done"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}
