import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  templateDatabaseName,
  templateDumpKey,
  templateDumpPath,
  testDatabaseKind,
  withDatabaseName,
} from '@figgle/test-support/database-template';
import pg from 'pg';
import { IN_MEMORY, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Migrate once, then every test file starts from a copy: a PGlite dump, or a PostgreSQL template
 * database. The PGlite dump is kept between runs (.tmp/pglite-template.tar) and made again only when
 * the database code, a migration, the PGlite version or the way it is made changed
 * (templateDumpKey): a run of one file then starts at once.
 */
export default async function setup(): Promise<void> {
  if (testDatabaseKind() === 'postgres') {
    await preparePostgresTemplate(process.env.TEST_DATABASE_URL!);
  } else {
    await preparePgliteTemplate();
  }
}

async function preparePgliteTemplate(): Promise<void> {
  const key = templateDumpKey();
  const keyPath = `${templateDumpPath}.key`;
  if (existsSync(templateDumpPath) && existsSync(keyPath) && readFileSync(keyPath, 'utf8') === key) return;
  const database = await openDatabase({ dataDir: IN_MEMORY });
  let dump: Buffer;
  try {
    await migrateToLatest(database.db);
    const pglite = database.pglite!;
    // The dump is taken from the running database: a start on it recovers from its last checkpoint.
    // A checkpoint here leaves nothing after it to replay, and after a switch it sits at the start
    // of a WAL segment of its own, the only one a start reads.
    await pglite.exec('SELECT pg_switch_wal(); CHECKPOINT;');
    const { rows } = await pglite.query<{ redo: string; current: string }>(
      'SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current FROM pg_control_checkpoint()',
    );
    const segment = rows[0]?.redo;
    if (!segment || segment !== rows[0]?.current)
      throw new Error(`the template's checkpoint is not in the current WAL segment: ${JSON.stringify(rows)}`);
    dump = withOnlyWalSegment(Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()), segment);
  } finally {
    await database.close();
  }
  mkdirSync(path.dirname(templateDumpPath), { recursive: true });
  // Written beside and renamed, so a run started meanwhile finds the old dump or the new one, whole.
  const building = `${templateDumpPath}.${process.pid}.tmp`;
  writeFileSync(building, dump);
  renameSync(building, templateDumpPath);
  writeFileSync(keyPath, key);
}

/** PostgreSQL's WAL page (XLOG_BLCKSZ): a start reads the write-ahead log a page at a time. */
const WAL_PAGE = 8192;

/**
 * The dump (a ustar archive, as PGlite's dumpDataDir writes it) with one WAL segment, `segment`, cut
 * after its last page that holds anything. PostgreSQL makes each segment whole (16 MB, zeros until
 * written) and keeps old ones to reuse: dumped as they are, the segments were 16 MB of the 42 MB dump
 * (~10 MB written, by initdb and the migrations), and after the switch 32 MB, of which a page is
 * needed. Every test database loads the dump, which PGlite copies several times on the way: ~26 MB
 * so. A start reads the log from the checkpoint on, in the segment kept, and takes a short read past
 * its end as the log's end, as it does a page of zeros; writes lengthen the file, and a segment that
 * is missing is made when needed.
 */
function withOnlyWalSegment(archive: Buffer, segment: string): Buffer {
  const parts: Buffer[] = [];
  let kept = false;
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = Buffer.from(archive.subarray(offset, offset + 512));
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    let data = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    const wal = /^\/?pg_wal\/([0-9A-F]{24})$/.exec(name);
    if (wal) {
      if (wal[1] !== segment) continue;
      let end = data.length;
      while (end > 0 && data[end - 1] === 0) end--;
      data = data.subarray(0, Math.max(1, Math.ceil(end / WAL_PAGE)) * WAL_PAGE);
      header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
      header.fill(' ', 148, 156);
      const checksum = header.reduce((sum, byte) => sum + byte, 0);
      header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
      kept = true;
    }
    parts.push(header, data, Buffer.alloc(Math.ceil(data.length / 512) * 512 - data.length));
  }
  if (!kept) throw new Error(`the template's dump holds no WAL segment ${segment}`);
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/**
 * The template database of this code, built when missing. Built under a name of its own and renamed
 * when whole: a run that starts meanwhile finds no template or a complete one, and one built by
 * another run of the same code is used as it is (a template is never written after it is built).
 */
export async function preparePostgresTemplate(url: string): Promise<void> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ databaseUrl: withDatabaseName(url, building), dataDir: '' });
    await migrateToLatest(database.db);
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      // Another run of the same code renamed its copy first: that one is used.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
