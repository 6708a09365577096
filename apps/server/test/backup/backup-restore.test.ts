// @database both
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import type { TestUser } from '@figgle/test-support/users';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/repo-root.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { installationsPerFile } from '../support/installations.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import { startServerProcess } from '../support/server-process.ts';

/**
 * `npm run backup`, a wipe, `npm run restore`, on the database of this run (the embedded one, or
 * PostgreSQL with TEST_DB=postgres), through the real commands and the real server: what a person
 * saw before is there again, and the same session still works (the secret came back too).
 */
const kind = testDatabaseKind();
const FILE_BYTES = Buffer.from('%PDF-1.4\nkept across a restore\n%%EOF\n');

interface Run {
  code: number;
  output: string;
}

function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', `${script}.mjs`), ...args],
      { cwd: repoRoot, env: { ...process.env, SECRET: '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

async function uploadTo(user: TestUser, url: string, taskId: string): Promise<string> {
  const form = new FormData();
  form.set('folder', `tasks/${taskId}`);
  form.set('file', new Blob([FILE_BYTES], { type: 'application/pdf' }), 'kept.pdf');
  const response = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { origin: url, cookie: user.cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** What a member reads of the project: task titles and statuses, comments, the uploaded file. */
async function whatTheUserSees(user: TestUser, projectId: string, taskIds: string[], fileUrl: string) {
  const tasks = (await (await user.api(`/api/projects/${projectId}/tasks`)).json()) as Array<{
    task_id: string;
    title: string;
    status: string;
    parent_id: string | null;
  }>;
  const comments = [];
  for (const taskId of taskIds) {
    const listed = (await (await user.api(`/api/tasks/${taskId}/comments`)).json()) as Array<{
      comment_id: string;
      content_json: unknown;
    }>;
    comments.push(listed.map((comment) => [comment.comment_id, comment.content_json]));
  }
  const file = await user.api(fileUrl);
  return {
    projects: (
      (await (await user.api('/api/projects')).json()) as Array<{ project_id: string; name: string }>
    ).map((project) => [project.project_id, project.name]),
    tasks: tasks.map((task) => [task.task_id, task.title, task.status, task.parent_id ?? '']).sort(),
    comments,
    file: { status: file.status, bytes: Buffer.from(await file.arrayBuffer()).toString('hex') },
  };
}

describe(`npm run backup, then npm run restore into a fresh place (${kind})`, () => {
  const places = installationsPerFile();
  const temporary = (label: string) => places.folder(label);
  /** An empty PostgreSQL database (no tables at all), dropped after the tests. */
  const emptyDatabase = () => places.emptyDatabase('figgle_restore');

  const start = async (dataDir: string, databaseUrl: string) => {
    // No SECRET: the server keeps one in DATA_DIR, as a self-hosted one does by default.
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: places.mail.url,
      SECRET: '',
    });
    return places.started(server);
  };

  /**
   * A user with an organization, a project, two tasks (one moved, the first a sub-task of the second:
   * its row comes before its parent's), a comment and an upload.
   */
  const fillWithData = async (url: string) => {
    const user = await createRemoteUser(url, places.mail);
    const organizationId = await createOrganizationAs(user, 'Backed up');
    const projectId = await createProject(user, organizationId, 'Archive');
    const taskIds = [
      await createTask(user, projectId, 'Keep me'),
      await createTask(user, projectId, 'Me too'),
    ];
    const moved = await user.api('/api/kanban-update', {
      body: { taskId: taskIds[1], status: 'DONE', index: 0 },
    });
    expect(moved.status).toBe(200);
    const parented = await user.api(`/api/tasks/${taskIds[0]}/parent`, {
      method: 'PUT',
      body: { parent_id: taskIds[1] },
    });
    expect(parented.status).toBe(200);
    const commented = await user.api(`/api/tasks/${taskIds[0]}/comments`, {
      body: { content_json: { ops: [{ insert: 'Written before the backup\n' }] } },
    });
    expect(commented.status).toBe(201);
    const fileUrl = await uploadTo(user, url, taskIds[0] as string);
    const sees = (as: TestUser) => whatTheUserSees(as, projectId, taskIds, fileUrl);
    const before = await sees(user);
    expect(before.tasks).toHaveLength(2);
    expect(before.tasks).toContainEqual([taskIds[0], 'Keep me', 'TODO', taskIds[1]]);
    expect(before.comments[0]).toHaveLength(1);
    expect(before.file.status).toBe(200);
    return { user, before, sees };
  };

  it('brings back the same projects, tasks, comments, uploads and sessions; never writes over data', async () => {
    const dataDir = path.join(temporary('backed-up'), 'data');
    const source = kind === 'postgres' ? await openTestDatabase() : undefined;
    const databaseUrl = source?.url ?? '';
    const first = await start(dataDir, databaseUrl);
    const { user, before, sees } = await fillWithData(first.url);

    const backup = path.join(temporary('backup-file'), 'figgle.tar.gz');
    const settings = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    if (kind === 'pglite') {
      // The embedded database belongs to the running server: refused in one line, nothing written.
      const refused = await npmRun('backup', [backup], settings);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/^The embedded database in .* is in use by process \d+ .*stop it first/);
      expect(existsSync(backup)).toBe(false);
      await first.stop();
    }
    const made = await npmRun('backup', [backup], settings);
    expect(made.output).toMatch(/Backup written to .*figgle\.tar\.gz .*1 uploaded file, the secret\./);
    expect(made.code).toBe(0);
    await first.stop();

    // The wipe: the data folder goes, and with PostgreSQL the restore goes into a new, empty database.
    rmSync(dataDir, { recursive: true });
    await source?.close();
    const target = kind === 'postgres' ? await emptyDatabase() : '';
    const restoreSettings = { DATA_DIR: dataDir, DATABASE_URL: target };
    const restored = await npmRun('restore', [backup], restoreSettings);
    expect(restored.output).toMatch(/Restored the backup of .* 1 uploaded file, the secret\./);
    expect(restored.code).toBe(0);
    // Restored files are the running account's alone, as the server keeps them.
    expect(statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'uploads')).mode & 0o777).toBe(0o700);

    // A second restore finds data where it would write, and refuses.
    const again = await npmRun('restore', [backup], restoreSettings);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/DATA_DIR \(.*\) is not empty .*restore fills a fresh one/);
    if (kind === 'postgres') {
      const elsewhere = await npmRun('restore', [backup], {
        DATA_DIR: path.join(temporary('other'), 'data'),
        DATABASE_URL: target,
      });
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.output).toMatch(/The database of DATABASE_URL is not empty \(public\./);
    }

    const second = await start(dataDir, target);
    expect(await sees(onServer(user, second.url))).toEqual(before);
    await second.stop();
  }, 300_000);

  if (kind === 'postgres') {
    it('moves an embedded database to PostgreSQL: its backup restored with DATABASE_URL set', async () => {
      const dataDir = path.join(temporary('embedded'), 'data');
      const first = await start(dataDir, '');
      const { user, before, sees } = await fillWithData(first.url);
      await first.stop();
      const backup = path.join(temporary('backup-file'), 'embedded.tar.gz');
      expect((await npmRun('backup', [backup], { DATA_DIR: dataDir, DATABASE_URL: '' })).code).toBe(0);

      const target = await emptyDatabase();
      const movedDir = path.join(temporary('moved'), 'data');
      const restored = await npmRun('restore', [backup], { DATA_DIR: movedDir, DATABASE_URL: target });
      expect(restored.output).toMatch(
        /Restored the backup of .* and the database of DATABASE_URL: 1 uploaded file, the secret\./,
      );
      expect(restored.code).toBe(0);

      const second = await start(movedDir, target);
      expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({
        status: 'ok',
        database: 'postgres',
      });
      const onPostgres = onServer(user, second.url);
      expect(await sees(onPostgres)).toEqual(before);
      // The copied counters and triggers work on: a new task is counted and numbered after the others.
      const projectId = (before.projects[0] as [string, string])[0];
      const created = await onPostgres.api(`/api/projects/${projectId}/tasks`, {
        body: { title: 'After the move' },
      });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { reference: number }).reference).toBe(3);
      await second.stop();
      // Counters kept by triggers were copied as they were, not counted again on the way in.
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      try {
        const kept = await client.query(
          'SELECT status, count::int FROM task_status_count WHERE project_id = $1 AND count > 0 ORDER BY status',
          [projectId],
        );
        const counted = await client.query(
          `SELECT status, count(*)::int AS count FROM task
           WHERE project_id = $1 AND deleted_at IS NULL GROUP BY status ORDER BY status`,
          [projectId],
        );
        expect(kept.rows).toEqual(counted.rows);
        expect(counted.rows).toEqual([
          { status: 'DONE', count: 1 },
          { status: 'TODO', count: 2 },
        ]);
      } finally {
        await client.end();
      }
    }, 300_000);
  }

  it('refuses a file that is not a backup, and a restore with no file named', async () => {
    const dataDir = path.join(temporary('not-a-backup'), 'data');
    const noFile = await npmRun('restore', [], { DATA_DIR: dataDir });
    expect(noFile.code).toBe(1);
    expect(noFile.output).toMatch(/Name the backup to restore: npm run restore -- FILE/);
    const notBackup = path.join(temporary('not-a-backup-file'), 'notes.tar.gz');
    execFileSync('tar', ['--create', '--gzip', '--file', notBackup, '-C', repoRoot, 'package.json']);
    const refused = await npmRun('restore', [notBackup], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not a Figgle backup/);
    // Nothing left behind: the folder can take a real restore.
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  }, 60_000);
});
