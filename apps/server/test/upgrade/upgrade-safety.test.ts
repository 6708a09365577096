// @database both
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDatabaseKind } from '@figgle/test-support/database-template';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateTo, migrationNames } from '../../src/db/migrate.ts';
import { AUTOMATIC_BACKUPS_KEPT, BACKUPS_FOLDER } from '../../src/db/pre-migration-backup.ts';
import { repoRoot } from '../../src/repo-root.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { createProject, createTask } from '../realtime/realtime-world.ts';
import { installationsPerFile } from '../support/installations.ts';
import { createRemoteUser } from '../support/remote-user.ts';
import { runServerUntilExit, startServerProcess } from '../support/server-process.ts';

/**
 * What a start does to a database of another version of Figgle, through the real server process on
 * the run's database: a newer one is refused untouched; an older one is backed up in `npm run
 * backup`'s format (restorable with `npm run restore`) before its migrations run, and only the last
 * automatic backups are kept.
 */
const kind = testDatabaseKind();
/** Where the older databases of these tests stop: four migrations behind this code. */
const OLDER = '0020_comment_edits_and_task_moves';
const NEWEST = migrationNames[migrationNames.length - 1] as string;
const FROM_A_NEWER_FIGGLE = '9999_from_a_newer_figgle';

/** A Figgle installation: its data folder, and with PostgreSQL its database. */
interface Place {
  dataDir: string;
  databaseUrl: string;
}

/** The rows seeded through SQL, as read back: all of them must survive an upgrade. */
async function rowsOf(place: Place) {
  return withDatabase(place, async (db) => ({
    migrations: (
      await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
    ).rows.map((row) => row.name),
    users: (await sql`SELECT user_id, email, firstname FROM app_user ORDER BY email`.execute(db)).rows,
    projects: (await sql`SELECT project_id, name, trigram FROM project ORDER BY name`.execute(db)).rows,
    tasks: (
      await sql`SELECT task_id, reference, title, status, rank FROM task ORDER BY reference`.execute(db)
    ).rows,
    comments: (
      await sql`SELECT comment_id, task_id, content_json FROM comment ORDER BY comment_id`.execute(db)
    ).rows,
  }));
}

async function withDatabase<T>(
  place: Place,
  use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

const automaticBackups = (place: Place) =>
  readdirSync(path.join(place.dataDir, BACKUPS_FOLDER))
    .filter((name) => name.startsWith('figgle-auto-backup-'))
    .sort();

function npmRestore(file: string, place: Place): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', 'restore.mjs'), file],
      {
        cwd: repoRoot,
        env: { ...process.env, SECRET: '', DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe(`starting on a database of another Figgle version (${kind})`, () => {
  const places = installationsPerFile();

  /** A data folder that does not exist yet, and with PostgreSQL an empty database of its own. */
  const newPlace = async (label: string): Promise<Place> => {
    const dataDir = path.join(places.folder(`upgrade-${label}`), 'data');
    if (kind === 'pglite') return { dataDir, databaseUrl: '' };
    return { dataDir, databaseUrl: await places.emptyDatabase('figgle_upgrade') };
  };

  /** A database an older Figgle left: migrated up to OLDER only, holding people, a project, tasks, a comment. */
  const olderInstallation = async (label: string): Promise<Place> => {
    const place = await newPlace(label);
    mkdirSync(place.dataDir, { recursive: true, mode: 0o700 });
    await withDatabase(place, async (db) => {
      await migrateTo(db, OLDER);
      await sql`
        WITH person AS (
          INSERT INTO app_user (auth_user_id, email, firstname, lastname)
          VALUES ('older-ada', 'ada@example.test', 'Ada', 'Older') RETURNING user_id
        ), organization_row AS (
          INSERT INTO organization (name) VALUES ('Kept through upgrades') RETURNING organization_id
        ), membership AS (
          INSERT INTO rule (organization_id, user_id, role)
          SELECT organization_id, user_id, 'OWNER' FROM organization_row, person
        ), project_row AS (
          INSERT INTO project (organization_id, name, trigram, last_reference)
          SELECT organization_id, 'Old board', 'OLD', 3 FROM organization_row RETURNING project_id
        ), tasks AS (
          INSERT INTO task (project_id, reference, title, status, rank, author_id)
          SELECT project_id, n, 'Older task ' || n, (ARRAY['TODO', 'DOING', 'DONE'])[n], 'a' || n, user_id
          FROM project_row, person, generate_series(1, 3) AS n
          RETURNING task_id, reference, author_id
        )
        INSERT INTO comment (task_id, author_id, content_json)
        SELECT task_id, author_id, '{"ops":[{"insert":"Written before the upgrade\\n"}]}'::jsonb
        FROM tasks WHERE reference = 1
      `.execute(db);
    });
    return place;
  };

  const serverSettings = (place: Place) => ({
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    SMTP_URL: places.mail.url,
    SECRET: '',
  });

  const start = async (place: Place) => {
    return places.started(await startServerProcess(serverSettings(place), { fromTemplate: false }));
  };

  /** The server on these settings, expected to stop before it serves: its exit code and output. */
  const startRefused = (place: Place) =>
    runServerUntilExit({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'warn',
      FIGGLE_SERVE_WEB: '0',
      ...serverSettings(place),
    });

  it('refuses a database a newer Figgle migrated, naming both migrations, and changes nothing', async () => {
    const place = await olderInstallation('newer');
    await withDatabase(place, (db) =>
      sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${FROM_A_NEWER_FIGGLE}, now()::text)`.execute(
        db,
      ),
    );
    const before = await rowsOf(place);

    const { code, output } = await startRefused(place);
    expect(output).toContain(
      `Figgle could not start: the database was upgraded by a newer Figgle: its newest migration is ${FROM_A_NEWER_FIGGLE}, and this Figgle knows migrations up to ${NEWEST}`,
    );
    expect(code).toBe(1);

    // Not even the migrations this code has and the database lacks were run, and nothing was backed up.
    expect(await rowsOf(place)).toEqual(before);
    expect(before.migrations).not.toContain(NEWEST);
    expect(existsSync(path.join(place.dataDir, BACKUPS_FOLDER))).toBe(false);
  }, 180_000);

  it('backs an older database up (mode 600, restorable) before migrating it; every row survives', async () => {
    const place = await olderInstallation('older');
    const before = await rowsOf(place);
    expect(before.migrations[before.migrations.length - 1]).toBe(OLDER);
    expect(before.tasks).toHaveLength(3);

    const server = await start(place);
    const [backup] = automaticBackups(place);
    expect(backup).toMatch(/^figgle-auto-backup-\d{4}-\d\d-\d\dT[\d-]+Z-migrations-0020-to-\d{4}\.tar\.gz$/);
    const backupFile = path.join(place.dataDir, BACKUPS_FOLDER, backup as string);
    expect(server.output()).toContain(
      `Backed up the database before migrating it from ${OLDER} to ${NEWEST}: ${backupFile}`,
    );
    // The archive holds the secret: for the running account alone.
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    // The app answers on the migrated schema: a new person's organization, project and task.
    const user = await createRemoteUser(server.url, places.mail);
    const organizationId = await createOrganizationAs(user, 'After the upgrade');
    const projectId = await createProject(user, organizationId, 'New board');
    await createTask(user, projectId, 'Written after the upgrade');
    await server.stop();

    const after = await rowsOf(place);
    expect(after.migrations).toEqual(migrationNames);
    expect(after.projects).toEqual(expect.arrayContaining(before.projects));
    for (const key of ['users', 'tasks', 'comments'] as const)
      expect(after[key]).toEqual(expect.arrayContaining(before[key]));
    expect(after.tasks).toHaveLength(4);

    // A start with nothing left to migrate takes no backup.
    const again = await start(place);
    await again.stop();
    expect(automaticBackups(place)).toEqual([backup]);

    // The backup is the database as the older Figgle left it: restored elsewhere, it is all there.
    const restoredPlace = await newPlace('restored');
    const restored = await npmRestore(backupFile, restoredPlace);
    expect(restored.output).toMatch(/Restored the backup of /);
    expect(restored.code).toBe(0);
    expect(await rowsOf(restoredPlace)).toEqual(before);
    // Three server starts, a restore and four database openings: minutes on a busy machine.
  }, 480_000);

  it(`keeps the last ${AUTOMATIC_BACKUPS_KEPT} automatic backups, and every backup a person made`, async () => {
    const place = await olderInstallation('rotation');
    const folder = path.join(place.dataDir, BACKUPS_FOLDER);
    mkdirSync(folder, { mode: 0o700 });
    const earlier = [
      'figgle-auto-backup-2020-01-01T00-00-00-000Z-migrations-0017-to-0018.tar.gz',
      'figgle-auto-backup-2020-02-01T00-00-00-000Z-migrations-0018-to-0019.tar.gz',
      'figgle-auto-backup-2020-03-01T00-00-00-000Z-migrations-0019-to-0020.tar.gz',
    ];
    const ownBackups = [
      'figgle-backup-2019-12-31T00-00-00-000Z.tar.gz',
      'figgle-auto-backup-kept-by-hand.tar.gz',
      'before-the-upgrade.tar.gz',
    ];
    for (const name of [...earlier, ...ownBackups]) writeFileSync(path.join(folder, name), name);

    const server = await start(place);
    await server.stop();

    const made = readdirSync(folder).filter((name) => !earlier.includes(name) && !ownBackups.includes(name));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/-migrations-0020-to-\d{4}\.tar\.gz$/);
    // The fourth automatic backup removed the oldest automatic one, and nothing else.
    expect(readdirSync(folder).sort()).toEqual([...earlier.slice(1), ...ownBackups, ...made].sort());
  }, 300_000);

  it('does not migrate when the backup cannot be written, and says why', async () => {
    const place = await olderInstallation('unwritable');
    // A file where the backups folder goes: the backup fails as on a full or read-only disk.
    writeFileSync(path.join(place.dataDir, BACKUPS_FOLDER), 'not a folder');
    const before = await rowsOf(place);

    const { code, output } = await startRefused(place);
    expect(output).toContain(
      `Figgle could not start: the backup before migrating the database from ${OLDER} to ${NEWEST} failed, so nothing was migrated:`,
    );
    expect(code).toBe(1);
    expect(await rowsOf(place)).toEqual(before);

    // Told to go without it (a PostgreSQL backed up by its own means), it migrates and says so.
    const server = await startServerProcess(
      { ...serverSettings(place), BACKUP_BEFORE_MIGRATING: 'false' },
      { fromTemplate: false },
    );
    places.started(server);
    expect(server.output()).toContain(
      'Migrating the database without a backup first (BACKUP_BEFORE_MIGRATING=false).',
    );
    await server.stop();
    expect((await rowsOf(place)).migrations).toEqual(migrationNames);
  }, 300_000);
});
