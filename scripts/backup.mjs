// `npm run backup [-- FILE]`: one .tar.gz holding the database, the uploads folder and the kept secret.
// The embedded database is read with the server stopped (PGlite is one process); PostgreSQL is read
// with pg_dump, the server running or not. docs/backups.md says what is in the file and what is not.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { syncPath } from '../apps/server/src/db/pglite-durable-fs.ts';
import { PRIVATE_FILE_MODE } from '../apps/server/src/private-files.ts';
import {
  BackupError,
  FORMAT,
  FORMAT_VERSION,
  fromWhereRun,
  MANIFEST,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  runCommand,
  runTool,
  SECRET_FILE,
  settings,
  UPLOADS,
  UPLOADS_HOLDING_FOLDER,
} from './backup-archive.mjs';

await runCommand(async () => {
  const { dataDir, databaseUrl, secretInEnvironment } = settings();
  const output = fromWhereRun(process.argv[2] ?? defaultName());
  if (existsSync(output)) throw new BackupError(`${output} exists already: name another file.`);
  const staging = mkdtempSync(path.join(os.tmpdir(), 'figgle-backup-'));
  try {
    const database = databaseUrl
      ? await dumpPostgres(databaseUrl, staging)
      : await dumpPglite(dataDir, staging);
    const uploads = countFiles(path.join(dataDir, UPLOADS));
    const secret = existsSync(path.join(dataDir, SECRET_FILE));
    const manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database,
      uploads,
      // Saved Figma tokens are encrypted with a key derived from the secret; sessions are signed with it.
      secret: secret ? 'file' : secretInEnvironment ? 'environment' : 'none',
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const fromDataDir = [uploads > 0 && UPLOADS, secret && SECRET_FILE].filter(Boolean);
    const partial = `${output}.partial`;
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
    console.log(
      `Backup written to ${output} (${sizeOf(output)}): ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}, ` +
        `${uploads} uploaded file${uploads === 1 ? '' : 's'}, ${secretLine(manifest.secret)}.`,
    );
    if (manifest.secret === 'environment')
      console.log(
        'SECRET comes from the environment: keep it with this backup, a restore needs the same one.',
      );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
});

function sizeOf(file) {
  const bytes = statSync(file).size;
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function defaultName() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `figgle-backup-${stamp}.tar.gz`;
}

function secretLine(secret) {
  if (secret === 'file') return 'the secret';
  if (secret === 'environment') return 'no secret (SECRET is set in the environment)';
  return 'no secret (none was kept yet)';
}

/** The embedded database, opened here, so only while no server holds it (its lock says so). */
async function dumpPglite(dataDir, staging) {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(
      `There is no embedded database in ${dataDir}: set DATA_DIR (and DATABASE_URL for PostgreSQL) as for npm start.`,
    );
  const database = await openDatabase({ dataDir });
  try {
    // Pages still in PostgreSQL's memory go to the files first, so the dump needs no recovery.
    await database.pglite.exec('CHECKPOINT');
    const dump = await database.pglite.dumpDataDir('none');
    writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { kind: 'pglite', file: PGLITE_DUMP };
}

/** pg_dump's plain SQL, without owners or grants, so it restores into a database of any role. */
async function dumpPostgres(databaseUrl, staging) {
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
  return { kind: 'postgres', file: POSTGRES_DUMP, dumpedWith: version };
}

function countFiles(folder) {
  if (!existsSync(folder)) return 0;
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const inHolding = path.relative(folder, entry.parentPath).split(path.sep)[0] === UPLOADS_HOLDING_FOLDER;
    if (entry.isFile() && !inHolding) count += 1;
  }
  return count;
}
