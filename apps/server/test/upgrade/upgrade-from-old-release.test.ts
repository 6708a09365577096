// @database both
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { testDatabaseKind } from '@figgle/test-support/database-template';
import type { TestServer } from '@figgle/test-support/test-server';
import { apiAs, cookieHeaderFrom } from '@figgle/test-support/users';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrationNames } from '../../src/db/migrate.ts';
import { repoRoot } from '../../src/repo-root.ts';
import { installationsPerFile } from '../support/installations.ts';
import { startServerProcess } from '../support/server-process.ts';

/**
 * An installation made by an old commit of Figgle (82f2def, the first with sealed migrations: its
 * schema is stable), upgraded by this code: the data directory that commit's server left, and its
 * PostgreSQL database. `fixtures/make-old-release-fixtures.sh` made both by running that commit's
 * own server and writing through its API. Every row of every table survives, in every column that
 * still exists, and the people it signed up sign in with their passwords and find their tasks.
 */
const kind = testDatabaseKind();
const fixtures = path.join(repoRoot, 'apps/server/test/upgrade/fixtures');
const OLD_NEWEST = '0019_session_write_notices';
const NEWEST = migrationNames[migrationNames.length - 1] as string;
const old = JSON.parse(readFileSync(path.join(fixtures, 'old-release-people.json'), 'utf8')) as {
  people: { email: string; password: string; firstname: string }[];
  taskTitles: string[];
};

interface Place {
  dataDir: string;
  databaseUrl: string;
}

type Snapshot = Map<string, { columns: string[]; rows: Record<string, unknown>[] }>;

/** Every row of every table of the public schema, as JSON values. */
async function snapshot(place: Place): Promise<Snapshot> {
  const database = await openDatabase({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
  try {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(database.db);
    const result: Snapshot = new Map();
    for (const { table_name } of tables.rows) {
      const columns = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table_name}`.execute(database.db);
      const rows = await sql<{ row: Record<string, unknown> }>`
        SELECT to_jsonb(t) AS row FROM ${sql.table(table_name)} AS t`.execute(database.db);
      result.set(table_name, {
        columns: columns.rows.map((column) => column.column_name).sort(),
        rows: rows.rows.map((row) => row.row),
      });
    }
    return result;
  } finally {
    await database.close();
  }
}

/** A row's values in these columns, as one comparable text. */
const rowKey = (row: Record<string, unknown>, columns: string[]) =>
  JSON.stringify(columns.map((column) => [column, row[column]]));

describe(`upgrading an installation made by an old commit (${kind})`, () => {
  const places = installationsPerFile();

  /** The old installation, laid out afresh from the fixtures (so a retry starts from it too). */
  const oldInstallation = async (): Promise<Place> => {
    const folder = places.folder('old-release');
    const dataDir = path.join(folder, 'data');
    if (kind === 'pglite') {
      // The data directory exactly as the old server left it: its PGlite files and its secret.
      execFileSync('tar', ['-xzf', path.join(fixtures, 'old-release-data.tar.gz'), '-C', folder]);
      return { dataDir, databaseUrl: '' };
    }
    const databaseUrl = await places.emptyDatabase('figgle_old_release');
    // pg_dump's statements (its psql-only \restrict lines aside), as the old server's database held them.
    const dump = gunzipSync(readFileSync(path.join(fixtures, 'old-release-postgres.sql.gz')))
      .toString('utf8')
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    const loader = new pg.Client({ connectionString: databaseUrl });
    await loader.connect();
    await loader.query(dump);
    await loader.end();
    return { dataDir, databaseUrl };
  };

  // NODE_ENV=development, not test: the old release hashed its passwords at the real scrypt cost,
  // and a test server's lower one (auth/password-hashing.ts) would refuse them.
  const start = async (place: Place) =>
    places.started(
      await startServerProcess(
        {
          NODE_ENV: 'development',
          DATA_DIR: place.dataDir,
          DATABASE_URL: place.databaseUrl,
          SMTP_URL: places.mail.url,
          SECRET: '',
        },
        { fromTemplate: false },
      ),
    );

  it('migrates it after a backup; every row survives; its people sign in and find their tasks', async () => {
    const place = await oldInstallation();
    const before = await snapshot(place);
    const migrations = before.get('kysely_migration')?.rows.map((row) => row.name as string) ?? [];
    expect(migrations[migrations.length - 1]).toBe(OLD_NEWEST);
    expect(before.get('task')?.rows).toHaveLength(old.taskTitles.length);
    // What the old server wrote through its API, each in its own table.
    for (const table of [
      'auth_user',
      'auth_account',
      'app_user',
      'organization',
      'rule',
      'project',
      'comment',
      'label',
      'task_label',
      'checklist_item',
      'log',
    ])
      expect(before.get(table)?.rows.length, `rows of ${table} in the old installation`).toBeGreaterThan(0);

    const upgrading = await start(place);
    expect(upgrading.output()).toMatch(
      new RegExp(
        `Backed up the database before migrating it from ${OLD_NEWEST} to ${NEWEST}: \\S+figgle-auto-backup-[\\w-]+-migrations-0019-to-\\d{4}\\.tar\\.gz`,
      ),
    );
    await upgrading.stop();

    // Every old table is still there, and each of its rows, in every column that is still there.
    const after = await snapshot(place);
    expect(after.get('kysely_migration')?.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(migrationNames),
    );
    for (const [table, { columns, rows }] of before) {
      const now = after.get(table);
      expect(now, `table ${table}`).toBeDefined();
      const kept = columns.filter((column) => now?.columns.includes(column));
      const present = new Set(now?.rows.map((row) => rowKey(row, kept)));
      const lost = rows.filter((row) => !present.has(rowKey(row, kept)));
      expect(lost, `rows of ${table} lost or changed by the upgrade`).toEqual([]);
    }

    // The people the old release signed up sign in with their passwords and see what they wrote.
    const running = await start(place);
    const testServer = { url: running.url } as TestServer;
    for (const person of old.people) {
      const signIn = await apiAs(testServer, '')('/api/auth/sign-in/email', {
        body: { email: person.email, password: person.password },
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
    }
    const [ada] = old.people;
    const signIn = await apiAs(testServer, '')('/api/auth/sign-in/email', {
      body: { email: ada?.email, password: ada?.password },
    });
    const api = apiAs(testServer, cookieHeaderFrom(signIn));
    const projects = (await (await api('/api/projects')).json()) as { project_id: string; name: string }[];
    const project = projects.find((candidate) => candidate.name === 'Difference engine');
    expect(project).toBeDefined();
    const tasksAnswer = await api(`/api/projects/${project?.project_id}/tasks`);
    expect(tasksAnswer.status).toBe(200);
    const listed = JSON.stringify(await tasksAnswer.json());
    for (const title of old.taskTitles) expect(listed).toContain(title);
    // And the app works on the migrated schema: a new task in the old project.
    const created = await api(`/api/projects/${project?.project_id}/tasks`, {
      body: { title: 'After the upgrade' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await running.stop();
  }, 300_000);
});
