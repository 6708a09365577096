// `npm run restore -- FILE`: brings a fresh DATA_DIR (and, with DATABASE_URL set, an empty PostgreSQL
// database) back to what `npm run backup` wrote in FILE. An embedded database's backup restored with
// DATABASE_URL set is copied into PostgreSQL: the way to move from one to the other. It never writes over data: a
// DATA_DIR that holds anything, or a database that holds tables, is refused with what to do instead.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { syncPath, syncTree } from '../apps/server/src/db/pglite-durable-fs.ts';
import { makeTreePrivateSync, PRIVATE_FILE_MODE } from '../apps/server/src/private-files.ts';
import {
  BackupError,
  checkManifest,
  fromWhereRun,
  MANIFEST,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  runCommand,
  runTool,
  SECRET_FILE,
  settings,
  UPLOADS,
} from './backup-archive.mjs';
import { copyPgliteDumpIntoPostgres } from './pglite-to-postgres.mjs';

/** What DATA_DIR may hold and restore leaves alone: the folder at the root of a file system. */
const ALLOWED = ['lost+found'];

await runCommand(async () => {
  const { dataDir, databaseUrl, secretInEnvironment } = settings();
  const file = process.argv[2] ? fromWhereRun(process.argv[2]) : '';
  if (!file) throw new BackupError('Name the backup to restore: npm run restore -- FILE');
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const found = refuseUnlessEmpty(dataDir);

  // Unpacked inside DATA_DIR, so its parts are moved into place, not copied across disks.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = path.join(dataDir, `.restoring-${process.pid}`);
  mkdirSync(staging, { mode: 0o700 });
  let restored = false;
  try {
    await refuseAnythingButFilesAndFolders(file);
    await runTool('tar', ['--extract', '--gzip', '--file', file, '--no-same-owner', '-C', staging]);
    const manifestFile = path.join(staging, MANIFEST);
    const manifest = checkManifest(
      existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined,
      file,
    );
    if (manifest.database.kind === 'postgres' && !databaseUrl)
      throw new BackupError(`${file} holds a PostgreSQL database: set DATABASE_URL to an empty database.`);
    if (databaseUrl) await refuseUnlessEmptyDatabase(databaseUrl);
    if (manifest.database.kind === 'postgres')
      await restorePostgres(databaseUrl, path.join(staging, POSTGRES_DUMP));
    else if (databaseUrl) {
      await copyPgliteDumpIntoPostgres(path.join(staging, PGLITE_DUMP), databaseUrl).catch((error) => {
        throw new BackupError(
          `Copying the embedded database into PostgreSQL failed: ${error.message}. The database of DATABASE_URL now holds Figgle's tables, empty: drop it and create it again before another try.`,
        );
      });
    } else await restorePglite(dataDir, path.join(staging, PGLITE_DUMP));
    for (const part of [UPLOADS, SECRET_FILE]) {
      if (existsSync(path.join(staging, part)))
        renameSync(path.join(staging, part), path.join(dataDir, part));
    }
    rmSync(staging, { recursive: true, force: true });
    // For the account running Figgle alone, as the server keeps them, whatever the archive's modes.
    for (const part of ['pglite', UPLOADS]) {
      if (existsSync(path.join(dataDir, part))) makeTreePrivateSync(path.join(dataDir, part));
    }
    if (existsSync(path.join(dataDir, SECRET_FILE)))
      chmodSync(path.join(dataDir, SECRET_FILE), PRIVATE_FILE_MODE);
    if (existsSync(path.join(dataDir, UPLOADS))) await syncTree(path.join(dataDir, UPLOADS));
    if (existsSync(path.join(dataDir, SECRET_FILE))) await syncPath(path.join(dataDir, SECRET_FILE));
    await syncPath(dataDir);
    restored = true;
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${dataDir}` +
        `${databaseUrl ? ' and the database of DATABASE_URL' : ''}: ` +
        `${manifest.uploads} uploaded file${manifest.uploads === 1 ? '' : 's'}${manifest.secret === 'file' ? ', the secret' : ''}.`,
    );
    if (manifest.secret === 'environment' && !secretInEnvironment)
      console.log(
        'The backed-up server took SECRET from its environment: set the same SECRET, or everyone signs in again and saved Figma tokens are lost.',
      );
  } finally {
    // A restore that failed leaves DATA_DIR as it found it: empty, so it can be run again.
    if (!restored) {
      for (const entry of readdirSync(dataDir)) {
        if (!found.includes(entry)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      }
    }
  }
});

/**
 * A backup holds plain files and folders only. A symbolic link (an `uploads` pointing at /etc), a
 * hard link or a device would make the restore write, or chmod, outside DATA_DIR: refused before
 * anything is unpacked. GNU tar's long listing starts each member with its type: - file, d folder.
 */
async function refuseAnythingButFilesAndFolders(file) {
  const listing = await runTool('tar', [
    '--list',
    '--verbose',
    '--quoting-style=escape',
    '--gzip',
    '--file',
    file,
  ]);
  const kinds = {
    l: 'a symbolic link',
    h: 'a hard link',
    c: 'a device',
    b: 'a device',
    p: 'a pipe',
    s: 'a socket',
  };
  for (const line of listing.split('\n')) {
    if (line === '' || line[0] === '-' || line[0] === 'd') continue;
    const name = line
      .split(/\s+/)
      .slice(5)
      .join(' ')
      .split(/ -> | link to /)[0];
    throw new BackupError(
      `${file} is refused: ${name} is ${kinds[line[0]] ?? 'not a plain file'}: a Figgle backup holds plain files and folders only.`,
    );
  }
}

function refuseUnlessEmpty(dataDir) {
  const found = existsSync(dataDir) ? readdirSync(dataDir) : [];
  const held = found.filter((entry) => !ALLOWED.includes(entry));
  if (held.length > 0)
    throw new BackupError(
      `DATA_DIR (${dataDir}) is not empty (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''}): restore fills a fresh one. Stop Figgle, move that folder aside or set DATA_DIR to a new one, and run again.`,
    );
  return found;
}

async function restorePglite(dataDir, dump) {
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(dump)]) });
  await database.close();
  await syncTree(path.join(dataDir, 'pglite'));
}

async function refuseUnlessEmptyDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error) => {
    throw new BackupError(`Cannot reach the database of DATABASE_URL: ${error.message}`);
  });
  let tables;
  try {
    ({ rows: tables } = await client.query(
      `SELECT schemaname || '.' || tablename AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1 LIMIT 3`,
    ));
  } finally {
    await client.end();
  }
  if (tables.length > 0)
    throw new BackupError(
      `The database of DATABASE_URL is not empty (${tables.map((table) => table.name).join(', ')}, …): restore into a new, empty database (createdb NAME).`,
    );
}

async function restorePostgres(databaseUrl, dump) {
  // One transaction: a dump that fails halfway leaves the database empty, as it was.
  await runTool('psql', [
    ...['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1'],
    ...['--file', dump, '--dbname', databaseUrl],
  ]);
}
