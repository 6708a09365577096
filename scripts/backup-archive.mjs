// What `npm run backup` and `npm run restore` share: the settings they read, the archive's layout,
// and how they run tar, pg_dump and psql. docs/backups.md describes the archive.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DataDirInUseError } from '../apps/server/src/db/pglite-lock.ts';

export const FORMAT = 'figgle-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** The embedded database, as PGlite's dumpDataDir() writes it (a tar of its data directory). */
export const PGLITE_DUMP = 'database.pglite.tar';
/** The PostgreSQL database, as pg_dump's plain SQL. */
export const POSTGRES_DUMP = 'database.sql';
export const UPLOADS = 'uploads';
export const SECRET_FILE = 'secret';
/** Files being received by a running server (apps/server/src/storage/local-storage.ts): not kept. */
export const UPLOADS_HOLDING_FOLDER = '.incoming';

/** A refusal or failure told to the person in one line; anything else is a bug and shows its stack. */
export class BackupError extends Error {}

/** The same settings `npm start` reads, with the same defaults. */
export function settings() {
  return {
    dataDir: path.resolve(process.env.DATA_DIR?.trim() || './data'),
    databaseUrl: process.env.DATABASE_URL?.trim() || '',
    secretInEnvironment: Boolean(process.env.SECRET),
  };
}

/** A file named on the command line, from the folder npm was run in (npm runs scripts from the root). */
export function fromWhereRun(file) {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

/** Runs a command-line tool; rejects with its own words when it fails or is missing. */
export function runTool(command, args, { env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', (error) => {
      const missing = error.code === 'ENOENT';
      reject(
        new BackupError(missing ? `${command} is not installed: ${installHint(command)}` : error.message),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${command} failed: ${(stderr || stdout).trim().split('\n').join(' | ')}`));
    });
  });
}

function installHint(command) {
  if (command === 'pg_dump' || command === 'psql')
    return "install PostgreSQL's client tools, of the server's major version or newer (Debian: apt-get install postgresql-client).";
  return `install ${command}.`;
}

/** The archive's manifest, or a clear refusal when the file is not a Figgle backup this version reads. */
export function checkManifest(manifest, file) {
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not a Figgle backup (no ${MANIFEST}).`);
  if (manifest.version !== FORMAT_VERSION)
    throw new BackupError(
      `${file} is a Figgle backup of format ${manifest.version}; this Figgle reads format ${FORMAT_VERSION}.`,
    );
  return manifest;
}

/** Runs `main`, and turns a BackupError into its one line and exit code 1. */
export async function runCommand(main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
