// `npm run backup [-- FILE]`: one .tar.gz holding the database, the uploads folder and the kept secret.
// The embedded database is read with the server stopped (PGlite is one process); PostgreSQL is read
// with pg_dump, the server running or not. docs/backups.md says what is in the file and what is not.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeBackupArchive } from '../apps/server/src/db/backup-archive.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { BackupError, fromWhereRun, runCommand, settings } from './backup-archive.mjs';

await runCommand(async () => {
  const { dataDir, databaseUrl, secretInEnvironment } = settings();
  const output = fromWhereRun(process.argv[2] ?? defaultName());
  if (existsSync(output)) throw new BackupError(`${output} exists already: name another file.`);
  const options = { dataDir, secretInEnvironment };
  const written = databaseUrl
    ? await writeBackupArchive(output, { kind: 'postgres', connectionString: databaseUrl }, options)
    : await withEmbeddedDatabase(dataDir, (pglite) =>
        writeBackupArchive(output, { kind: 'pglite', pglite }, options),
      );
  const { kind, uploads, secret } = written;
  console.log(
    `Backup written to ${output} (${sizeOf(output)}): ${kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}, ` +
      `${uploads} uploaded file${uploads === 1 ? '' : 's'}, ${secretLine(secret)}.`,
  );
  if (secret === 'environment')
    console.log('SECRET comes from the environment: keep it with this backup, a restore needs the same one.');
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
async function withEmbeddedDatabase(dataDir, use) {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(
      `There is no embedded database in ${dataDir}: set DATA_DIR (and DATABASE_URL for PostgreSQL) as for npm start.`,
    );
  const database = await openDatabase({ dataDir });
  try {
    return await use(database.pglite);
  } finally {
    await database.close();
  }
}
