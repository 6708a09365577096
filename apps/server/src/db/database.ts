import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  makePrivateDirSync,
  makeTreePrivateSync,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
} from '../private-files.ts';
import { repoRoot } from '../repo-root.ts';
import {
  DURABLE_START_PARAMS,
  DurableNodeFS,
  SYNCS_AT_ONCE,
  syncPath,
  syncTree,
} from './pglite-durable-fs.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { prepareRecurringStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { TableWrites } from './table-writes.ts';

/** dataDir value for a database that lives only in memory (tests). */
export const IN_MEMORY = 'memory://';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Present on the embedded database: its in-process LISTEN/NOTIFY feeds the realtime bus. */
  pglite?: PGlite;
  /** Present on PostgreSQL: lets the bus open its own LISTEN connection. */
  connectionString?: string;
  /**
   * Every write to a table made through this handle is heard here before it runs, so what the process
   * keeps in memory from a table can be dropped then. On the embedded database, which only this
   * process writes, that is every write; on PostgreSQL, other writers are heard through the bus.
   */
  tableWrites: TableWrites;
  /**
   * Resolves once every commit made so far is on disk. The embedded database flushes its write-ahead
   * log in the background (group commit, docs/durability.md): an answer, an event or a message that
   * tells of a commit waits for this first. PostgreSQL flushes before its commit returns: resolved.
   */
  durable(): Promise<void>;
  /** The connection pool's counts right now, for the metrics (http/metrics-routes.ts). */
  connections(): ConnectionCounts;
  close(): Promise<void>;
}

export interface ConnectionCounts {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most the pool opens. */
  max: number;
}

/** pg's pool opens up to 10 connections when not told otherwise. */
function countsOf(pool: pg.Pool): () => ConnectionCounts {
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  });
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** A PGlite dump (from dumpDataDir) to start from: tests use a migrated template. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * false runs the embedded database as PGlite does by default, without flushing anything to disk;
   * 'each-commit' flushes inside every commit, without group commit. Both only to measure what
   * durability costs, and to show the durability test tells them apart.
   */
  fsync?: boolean | 'each-commit';
  /** Hears when each step of opening the embedded database ends (the start's timings). */
  onStep?: (step: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir, options.fsync ?? true, options.onStep);
}

/**
 * How long a request may wait for a connection (a new one, or a turn in the pool) before it is
 * answered 503: a database that does not answer must not leave people waiting at a blank page.
 */
export const CONNECT_TIMEOUT_MS = 3_000;

const alreadyDurable = () => Promise.resolve();

/**
 * The query builder over a pool, on either database: its recurring statements prepared, and every
 * statement read for the session tables it writes (db/table-writes.ts).
 */
function kyselyOver(pool: pg.Pool): { db: Kysely<Database>; tableWrites: TableWrites } {
  prepareRecurringStatements(pool);
  const tableWrites = new TableWrites();
  tableWrites.watch(pool);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), tableWrites };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive notices a server that vanished without closing the connection.
    keepAlive: true,
  });
  // A client losing its server (PostgreSQL stopped or restarted) emits 'error'; unhandled, that
  // would crash the process. The pool listens only on idle clients (re-emitting on the pool): a
  // checked-out client, say in a transaction between two queries, needs a listener of its own.
  // Its next query then fails ("not queryable", answered 503 by http/errors.ts) and the pool
  // discards it on release; later requests connect anew.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const { db, tableWrites } = kyselyOver(pool);
  return {
    db,
    kind: 'postgres',
    connectionString,
    tableWrites,
    durable: alreadyDurable,
    connections: countsOf(pool),
    close: () => db.destroy(),
  };
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/pglite-shared-buffers.md
/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, and all of it
 * is touched at start: the process holds it whatever the data. Figgle's working set is a fraction of
 * that, and the operating system's page cache keeps the data files warm anyway, so 16 MB costs no speed
 * (bench/board, bench/realtime) and saves ~130 MB of RSS.
 */
const PGLITE_MEMORY_SETTINGS = ['shared_buffers=16MB'];

/** PostgreSQL extensions the migrations create (search: migration 0010), loaded into PGlite. */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * Creating a new data directory runs initdb, a second WebAssembly PostgreSQL whose memory (hundreds of
 * MB) a process keeps long after, even past garbage collections. Done by a short-lived child process,
 * all of it goes back to the system when the child ends; the directory is then opened here as on any
 * later start.
 */
async function initializeApart(pgliteDir: string): Promise<void> {
  const script = `const { PGlite } = await import(process.argv[1]); await (await PGlite.create(process.argv[2])).close();`;
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), pgliteDir],
    { timeout: 120_000 },
  );
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/pglite-template.md
/**
 * A freshly initialized, empty PGlite directory of the installed PGlite version, made once by
 * `npm install` (scripts/postinstall.mjs): a first start copies it (well under a second) instead of
 * running initdb (about five seconds here). Without it, a first start runs initdb as before.
 */
export function pgliteTemplateDir(): string {
  // The package exports no package.json: its folder is found from its entry point.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pglitePackage = path.join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json');
  const { version } = JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string };
  return path.join(repoRoot, 'node_modules/.cache/figgle', `pglite-${version}-initdb`);
}

/** Makes the template when it is missing; built beside it and renamed, so it is whole or absent. */
export async function preparePgliteTemplate(): Promise<string> {
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(path.dirname(template), { recursive: true });
  await initializeApart(building);
  rmSync(template, { recursive: true, force: true });
  renameSync(building, template);
  return template;
}

/**
 * Copies the template to `target`, makes the copy private (folders 0700, files 0600, as
 * private-files.ts does) and flushes every file and folder of it, sixteen at once (as syncTree),
 * in a short-lived child process. Copying its 39 MB took this process's thread ~0.9 s here, and its
 * flushes filled the thread pool that reads the web app's files: the login page, answered while
 * the database opens (main.ts), waited for both on a first start. Apart, neither waits.
 */
async function copyTemplateApart(template: string, target: string): Promise<void> {
  const script = `
    import { chmodSync, cpSync, readdirSync } from 'node:fs';
    import { open } from 'node:fs/promises';
    import path from 'node:path';
    const [from, to, dirMode, fileMode, atOnce] = process.argv.slice(1).map((arg, i) => (i < 2 ? arg : Number(arg)));
    cpSync(from, to, { recursive: true });
    const paths = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const child = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(child);
        else if (entry.isFile()) {
          chmodSync(child, fileMode);
          paths.push(child);
        }
      }
      chmodSync(dir, dirMode);
      paths.push(dir);
    };
    walk(to);
    let next = 0;
    const flush = async () => {
      while (next < paths.length) {
        const handle = await open(paths[next++], 'r');
        try { await handle.sync(); } finally { await handle.close(); }
      }
    };
    await Promise.all(Array.from({ length: atOnce }, flush));`;
  const modes = [PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, SYNCS_AT_ONCE].map(String);
  await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, template, target, ...modes],
    { timeout: 120_000 },
  );
}

/**
 * A new data directory is made beside its place, flushed to disk, then renamed in: a crash while it
 * is made leaves no directory that looks whole but is not.
 */
async function createPgliteDir(pgliteDir: string): Promise<void> {
  const building = `${pgliteDir}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, 'PG_VERSION'))) await copyTemplateApart(template, building);
  else {
    await initializeApart(building);
    makeTreePrivateSync(building);
    await syncTree(building);
  }
  renameSync(building, pgliteDir);
  await syncPath(path.dirname(pgliteDir));
}

/**
 * PGlite's default start parameters hold `-F` (fsync off): a commit would be answered while it sits
 * in the operating system's memory. Without it, and with DurableNodeFS, each commit is on disk first.
 */
function pgliteStartParams(fsync: boolean | 'each-commit'): string[] {
  const defaults = PGlite.defaultStartParams.filter((param) => fsync === false || param !== '-F');
  return [
    ...defaults,
    ...(fsync ? DURABLE_START_PARAMS : []),
    ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting]),
  ];
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  fsync: boolean | 'each-commit',
  onStep: (step: string) => void = () => {},
): Promise<DatabaseHandle> {
  const startParams = pgliteStartParams(fsync);
  let pglite: PGlite;
  let fs: DurableNodeFS | undefined;
  let unlock = () => {};
  if (dataDir === IN_MEMORY) {
    pglite = await PGlite.create({
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams,
      extensions: PGLITE_EXTENSIONS,
    });
  } else {
    makePrivateDirSync(dataDir);
    unlock = lockPgliteDir(dataDir);
    try {
      const pgliteDir = path.join(dataDir, 'pglite');
      if (!loadDataDir && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
        await createPgliteDir(pgliteDir);
        onStep('embedded database folder created');
      }
      if (fsync) fs = new DurableNodeFS(pgliteDir, { groupCommit: fsync !== 'each-commit' });
      pglite = await PGlite.create(pgliteDir, {
        loadDataDir,
        startParams,
        fs,
        extensions: PGLITE_EXTENSIONS,
      });
      onStep('embedded database started');
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const pool = new pg.Pool(createPgConfig(pglite));
  const { db, tableWrites } = kyselyOver(pool);
  return {
    db,
    kind: 'pglite',
    pglite,
    tableWrites,
    durable: fs ? () => (fs as DurableNodeFS).durable() : alreadyDurable,
    connections: countsOf(pool),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      await fs?.flusher.idle();
      unlock();
    },
  };
}
