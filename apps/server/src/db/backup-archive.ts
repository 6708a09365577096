// The backup archive's layout and its writer: `npm run backup` (scripts/backup.mjs) and the automatic
// backup a start takes before migrating (pre-migration-backup.ts) write the same file, which
// `npm run restore` reads. docs/backups.md describes it.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PRIVATE_FILE_MODE } from '../private-files.ts';
import { syncPath } from './pglite-durable-fs.ts';

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
const UPLOADS_HOLDING_FOLDER = '.incoming';

/** A refusal or failure told to the person in one line; anything else is a bug and shows its stack. */
export class BackupError extends Error {}

/** Runs a command-line tool; rejects with its own words when it fails or is missing. */
export function runTool(
  command: string,
  args: string[],
  { env, input }: { env?: Record<string, string>; input?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    if (input !== undefined) child.stdin?.end(input);
    child.on('error', (error: NodeJS.ErrnoException) => {
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

function installHint(command: string): string {
  if (command === 'pg_dump' || command === 'psql')
    return "install PostgreSQL's client tools, of the server's major version or newer (Debian: apt-get install postgresql-client).";
  return `install ${command}.`;
}

/** The database to back up: the embedded one open in this process, or PostgreSQL by its address. */
export type BackupSource =
  | { kind: 'pglite'; pglite: PGlite }
  | { kind: 'postgres'; connectionString: string };

type SecretPlace = 'file' | 'environment' | 'none';

interface WrittenBackup {
  file: string;
  kind: BackupSource['kind'];
  uploads: number;
  /** Where the secret was: in the file, in the environment (kept by the person), or nowhere yet. */
  secret: SecretPlace;
}

/**
 * Writes the archive to `output` (refused when it exists): the database, DATA_DIR's uploads and kept
 * secret, and the manifest. It is written beside its final name, flushed, then renamed, so a file with
 * the final name is whole; a failure leaves no file behind.
 */
export async function writeBackupArchive(
  output: string,
  source: BackupSource,
  { dataDir, secretInEnvironment }: { dataDir: string; secretInEnvironment: boolean },
): Promise<WrittenBackup> {
  if (existsSync(output)) throw new BackupError(`${output} exists already: name another file.`);
  const staging = mkdtempSync(path.join(os.tmpdir(), 'figgle-backup-'));
  const partial = `${output}.partial`;
  try {
    const database =
      source.kind === 'pglite'
        ? await dumpPglite(source.pglite, staging)
        : await dumpPostgres(source.connectionString, staging);
    const uploads = countFiles(path.join(dataDir, UPLOADS));
    const hasSecretFile = existsSync(path.join(dataDir, SECRET_FILE));
    const secret: SecretPlace = hasSecretFile ? 'file' : secretInEnvironment ? 'environment' : 'none';
    const manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database,
      uploads,
      // Saved Figma tokens are encrypted with a key derived from the secret; sessions are signed with it.
      secret,
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const fromDataDir = [uploads > 0 ? [UPLOADS] : [], hasSecretFile ? [SECRET_FILE] : []].flat();
    // The archive holds the secret and every upload: the running account's alone, whatever the umask.
    writeFileSync(partial, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    chmodSync(partial, PRIVATE_FILE_MODE);
    await runTool('tar', [
      ...['--create', '--gzip', '--file', partial],
      `--exclude=${UPLOADS}/${UPLOADS_HOLDING_FOLDER}`,
      ...['-C', staging, MANIFEST, database.file],
      ...(fromDataDir.length > 0 ? ['-C', dataDir, ...fromDataDir] : []),
    ]);
    await syncPath(partial);
    await rename(partial, output);
    await syncPath(path.dirname(output));
    return { file: output, kind: source.kind, uploads, secret };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The embedded database as its files are, after a CHECKPOINT so the dump needs no recovery. */
async function dumpPglite(pglite: PGlite, staging: string) {
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  return { kind: 'pglite' as const, file: PGLITE_DUMP };
}

/** pg_dump's plain SQL, without owners or grants, so it restores into a database of any role. */
async function dumpPostgres(databaseUrl: string, staging: string) {
  const file = path.join(staging, POSTGRES_DUMP);
  await runTool('pg_dump', [
    '--format=plain',
    '--no-owner',
    '--no-privileges',
    '--file',
    file,
    '--dbname',
    databaseUrl,
  ]);
  const version = (await runTool('pg_dump', ['--version'])).trim();
  return { kind: 'postgres' as const, file: POSTGRES_DUMP, dumpedWith: version };
}

function countFiles(folder: string): number {
  if (!existsSync(folder)) return 0;
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const inHolding = path.relative(folder, entry.parentPath).split(path.sep)[0] === UPLOADS_HOLDING_FOLDER;
    if (entry.isFile() && !inHolding) count += 1;
  }
  return count;
}
