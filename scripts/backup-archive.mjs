// What `npm run backup` and `npm run restore` share: the settings they read and how they report a
// refusal. The archive itself is apps/server/src/db/backup-archive.ts; docs/backups.md describes it.
import path from 'node:path';
import { BackupError, FORMAT, FORMAT_VERSION, MANIFEST } from '../apps/server/src/db/backup-archive.ts';
import { DataDirInUseError } from '../apps/server/src/db/pglite-lock.ts';

// The archive's layout and writer are the server's too (its automatic backup before migrating).
export {
  BackupError,
  MANIFEST,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  runTool,
  SECRET_FILE,
  UPLOADS,
} from '../apps/server/src/db/backup-archive.ts';

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
