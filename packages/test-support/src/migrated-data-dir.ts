import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { templateDumpKey, templateDumpPath } from './database-template.ts';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const globalSetup = pathToFileURL(path.join(root, 'apps/server/test/global-setup.ts')).href;

/**
 * Whether a server process with these settings may start from the migrated template: it runs on the
 * embedded database, in a DATA_DIR it has not made its database in yet.
 */
export function startsOnEmptyEmbeddedDatabase(settings: Record<string, string | undefined>): boolean {
  return (
    !settings.DATABASE_URL &&
    Boolean(settings.DATA_DIR) &&
    !existsSync(path.join(settings.DATA_DIR as string, 'pglite'))
  );
}

let dumpReady: Promise<void> | undefined;
/**
 * The migrated template of this code (.tmp/pglite-template.tar). Vitest's global setup makes it on a
 * PGlite run; the browser suite, the benches and a PostgreSQL run have none, or one of other code:
 * it is then made here, by that same global setup in a child process.
 */
function currentTemplateDump(): Promise<void> {
  dumpReady ??= (async () => {
    const keyPath = `${templateDumpPath}.key`;
    if (
      existsSync(templateDumpPath) &&
      existsSync(keyPath) &&
      readFileSync(keyPath, 'utf8') === templateDumpKey()
    )
      return;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.TEST_DB;
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `await (await import('${globalSetup}')).default();`],
      { cwd: root, env, timeout: 180_000 },
    );
  })();
  dumpReady.catch(() => (dumpReady = undefined));
  return dumpReady;
}

/** Extracts the dump (a ustar archive of the data directory's paths from its root, "/base/1/…") into `target`. */
function extractDump(target: string): void {
  const archive = readFileSync(templateDumpPath);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..')) throw new Error(`${templateDumpPath}: an entry outside the folder: ${name}`);
    const entry = path.join(target, ...parts);
    offset += 512;
    if (type === '5') mkdirSync(entry, { recursive: true, mode: 0o700 });
    else if (type === '0') {
      mkdirSync(path.dirname(entry), { recursive: true, mode: 0o700 });
      writeFileSync(entry, archive.subarray(offset, offset + size), { mode: 0o600 });
    } else throw new Error(`${templateDumpPath}: an entry of type ${type} (${name}) is not expected`);
    offset += Math.ceil(size / 512) * 512;
  }
  if (!existsSync(path.join(target, 'PG_VERSION')))
    throw new Error(`${templateDumpPath} holds no PostgreSQL data directory`);
}

let folderReady: Promise<string> | undefined;
/**
 * The dump as a data directory, once per code (.tmp/pglite-template-<key>). The dump is taken from a
 * running database, so a start on it runs crash recovery: little to replay since the dump follows a
 * checkpoint (global-setup.ts), but with the server's flushing file system it first flushes every
 * file of the directory (it took ~13 s here when the dump had a whole log to replay, against ~2 s
 * on a directory closed cleanly). So it is extracted once, opened and closed by PGlite (in a child
 * process: its memory is not kept), and copied from.
 */
function templateFolder(): Promise<string> {
  folderReady ??= (async () => {
    await currentTemplateDump();
    const name = `pglite-template-${templateDumpKey().slice(0, 16)}`;
    const folder = path.join(path.dirname(templateDumpPath), name);
    if (existsSync(path.join(folder, 'PG_VERSION'))) return folder;
    const building = `${folder}.${process.pid}.tmp`;
    rmSync(building, { recursive: true, force: true });
    extractDump(building);
    const script = `const { PGlite } = await import('@electric-sql/pglite'); await (await PGlite.create(process.argv[1])).close();`;
    // Run from the server's folder, whose dependency PGlite is.
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, building], {
      cwd: path.join(root, 'apps/server'),
      timeout: 120_000,
    });
    try {
      renameSync(building, folder);
    } catch (error) {
      // Another process of the same code renamed its copy first: that one is used.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(path.join(folder, 'PG_VERSION'))) throw error;
    }
    // The folders of other code, left from before a migration changed, go.
    for (const entry of readdirSync(path.dirname(folder)))
      if (/^pglite-template-[0-9a-f]{16}$/.test(entry) && entry !== name)
        rmSync(path.join(path.dirname(folder), entry), { recursive: true, force: true });
    return folder;
  })();
  folderReady.catch(() => (folderReady = undefined));
  return folderReady;
}

/**
 * Puts a copy of the migrated template where the server keeps its embedded database
 * (`DATA_DIR/pglite`, apps/server/src/db/database.ts), so a server process started on `dataDir`
 * skips PGlite's initdb and the migrations. What the copy holds is what every in-process test
 * database starts from. Folders are 0700 and files 0600, as the server makes its own.
 */
export async function copyMigratedTemplate(dataDir: string): Promise<void> {
  const template = await templateFolder();
  const pgliteDir = path.join(dataDir, 'pglite');
  // Made beside and renamed in, as the server makes its own: whole, or absent.
  const building = `${pgliteDir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(template, building, { recursive: true });
  renameSync(building, pgliteDir);
}
