import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDirSync } from '../private-files.ts';
import { type BackupSource, writeBackupArchive } from './backup-archive.ts';
import type { DatabaseHandle } from './database.ts';
import type { MigrationState } from './upgrade-guard.ts';

/** The folder of DATA_DIR that automatic backups go to; a person may keep their own there too. */
export const BACKUPS_FOLDER = 'backups';
/** How many automatic backups are kept: each start that migrates adds one and removes the oldest beyond. */
export const AUTOMATIC_BACKUPS_KEPT = 3;

/**
 * An automatic backup's name: `figgle-auto-backup-<date>-migrations-<from>-to-<to>.tar.gz`. Only
 * names of exactly this shape are ever removed, so a person's own backups in the folder stay.
 */
const AUTOMATIC_NAME =
  /^figgle-auto-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-migrations-\d+-to-\d+\.tar\.gz$/;

/** The backup could not be taken, so nothing was migrated. */
class PreMigrationBackupError extends Error {}

interface PreMigrationBackup {
  file: string;
  from: string;
  to: string;
}

/**
 * Before migrations change a database that holds Figgle's data, a backup in `npm run backup`'s
 * format goes to DATA_DIR/backups: an upgrade that goes wrong can be undone with `npm run restore`.
 * A database Figgle never migrated (a first start) holds nothing to keep, and one with nothing
 * pending is not changed: neither is backed up. Resolves with the file, or null when none was needed.
 */
export async function backupBeforeMigrating(
  database: DatabaseHandle,
  state: MigrationState,
  {
    dataDir,
    secretInEnvironment,
    now = new Date(),
  }: { dataDir: string; secretInEnvironment: boolean; now?: Date },
): Promise<PreMigrationBackup | null> {
  const from = state.applied[state.applied.length - 1];
  if (!from || state.pending.length === 0) return null;
  const to = state.newestKnown;
  const folder = path.join(dataDir, BACKUPS_FOLDER);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(
    folder,
    `figgle-auto-backup-${stamp}-migrations-${number(from)}-to-${number(to)}.tar.gz`,
  );
  try {
    makePrivateDirSync(folder);
    await writeBackupArchive(file, backupSource(database), { dataDir, secretInEnvironment });
  } catch (error) {
    throw new PreMigrationBackupError(
      `the backup before migrating the database from ${from} to ${to} failed, so nothing was migrated: ` +
        `${error instanceof Error ? error.message : String(error)} ` +
        '(it is written to DATA_DIR/backups; docs/backups.md says what it needs; ' +
        'BACKUP_BEFORE_MIGRATING=false migrates without it, for a database kept by backups of its own).',
    );
  }
  removeOldAutomaticBackups(folder);
  return { file, from, to };
}

function backupSource(database: DatabaseHandle): BackupSource {
  if (database.pglite) return { kind: 'pglite', pglite: database.pglite };
  if (database.connectionString) return { kind: 'postgres', connectionString: database.connectionString };
  throw new Error('the database handle has neither PGlite nor a PostgreSQL address');
}

/** 0020 of 0020_comment_edits_and_task_moves: the name stays short, the order is the same. */
function number(migration: string): string {
  return migration.split('_')[0] ?? migration;
}

/** Keeps the newest automatic backups (their names sort by date); a person's own files are not touched. */
function removeOldAutomaticBackups(folder: string): void {
  const automatic = readdirSync(folder)
    .filter((name) => AUTOMATIC_NAME.test(name))
    .sort();
  for (const name of automatic.slice(0, -AUTOMATIC_BACKUPS_KEPT))
    rmSync(path.join(folder, name), { force: true });
}
