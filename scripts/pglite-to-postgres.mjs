// Restore of an embedded database's backup into PostgreSQL (`npm run restore` with DATABASE_URL set):
// how a team moves from the embedded database to its own PostgreSQL. The system's pg_dump cannot read
// PGlite (PostgreSQL 18 in WebAssembly, no server to connect to), so the rows are copied table by
// table: both databases are brought to the same migration first, then each table's rows go over as
// JSON, parents before children (a task's parent task filled in once all tasks are there), with
// the tables' own triggers off (the copied counters are already right), in one transaction.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { IN_MEMORY, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { BackupError } from './backup-archive.mjs';

/** Kysely's own bookkeeping: the target's migration run wrote it already. */
const NOT_COPIED = new Set(['kysely_migration', 'kysely_migration_lock']);
const ROWS_AT_ONCE = 500;

export async function copyPgliteDumpIntoPostgres(dumpFile, databaseUrl) {
  const source = await openDatabase({ dataDir: IN_MEMORY, loadDataDir: new Blob([readFileSync(dumpFile)]) });
  try {
    // A backup from an older Figgle is brought up to this one's schema, as a start would.
    await migrateToLatest(source.db);
    const target = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    try {
      await migrateToLatest(target.db);
    } finally {
      await target.close();
    }
    const tables = await tablesParentsFirst(source.pglite);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Rows a migration may have put in the new database make way for the backup's.
      await client.query(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);
      for (const table of tables) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER USER`);
      const links = await selfReferences(source.pglite);
      for (const table of tables) {
        const later = links.filter((link) => link.table === table).map((link) => link.column);
        await copyTable(source.pglite, client, table, later);
      }
      for (const link of links) await copySelfReference(source.pglite, client, link);
      for (const table of tables) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER USER`);
      await copySequences(source.pglite, client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The public tables, each after the tables its foreign keys point to. */
async function tablesParentsFirst(pglite) {
  const { rows: tables } = await pglite.query(
    `SELECT relname AS name FROM pg_class
     WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace ORDER BY relname`,
  );
  const { rows: keys } = await pglite.query(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint
     JOIN pg_class child ON child.oid = conrelid JOIN pg_class parent ON parent.oid = confrelid
     WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  const names = tables.map((table) => table.name).filter((name) => !NOT_COPIED.has(name));
  const ordered = [];
  const placed = new Set();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) =>
        !placed.has(name) &&
        keys.every((key) => key.child !== name || key.parent === name || placed.has(key.parent)),
    );
    if (ready.length === 0)
      throw new BackupError(
        'The backup has foreign keys in a cycle: this Figgle cannot copy it into PostgreSQL.',
      );
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * Keys from a table to itself (a task's parent task). Their columns go over empty with the rows, then
 * are filled in once every row of the table is there, so a row never waits for one copied after it.
 */
async function selfReferences(pglite) {
  const { rows } = await pglite.query(
    `SELECT rel.relname AS table, child.attname AS column, parent.attname AS key,
       format_type(child.atttypid, child.atttypmod) AS column_type,
       format_type(parent.atttypid, parent.atttypmod) AS key_type FROM pg_constraint
     JOIN pg_class rel ON rel.oid = conrelid
     JOIN pg_attribute child ON child.attrelid = conrelid AND child.attnum = conkey[1]
     JOIN pg_attribute parent ON parent.attrelid = confrelid AND parent.attnum = confkey[1]
     WHERE contype = 'f' AND conrelid = confrelid AND cardinality(conkey) = 1
       AND connamespace = 'public'::regnamespace`,
  );
  const { rows: wider } = await pglite.query(
    `SELECT conrelid::regclass::text AS table FROM pg_constraint
     WHERE contype = 'f' AND conrelid = confrelid AND cardinality(conkey) > 1
       AND connamespace = 'public'::regnamespace`,
  );
  if (wider.length > 0)
    throw new BackupError(
      `Cannot order the rows of ${wider.map((row) => row.table).join(', ')} for PostgreSQL.`,
    );
  return rows;
}

async function copySelfReference(pglite, client, { table, column, key, column_type, key_type }) {
  const [name, link, id] = [quoteIdent(table), quoteIdent(column), quoteIdent(key)];
  for (let offset = 0; ; offset += ROWS_AT_ONCE) {
    const { rows } = await pglite.query(
      `SELECT jsonb_agg(jsonb_build_object('id', ${id}, 'link', ${link}))::text AS rows FROM (
         SELECT ${id}, ${link} FROM ${name} WHERE ${link} IS NOT NULL ORDER BY ctid LIMIT ${ROWS_AT_ONCE} OFFSET ${offset}
       ) batch`,
    );
    const json = rows[0]?.rows;
    if (!json) return;
    await client.query(
      `UPDATE ${name} SET ${link} = (pair->>'link')::${column_type} FROM jsonb_array_elements($1::jsonb) pair
       WHERE ${name}.${id} = (pair->>'id')::${key_type}`,
      [json],
    );
  }
}

/** The table's rows, a batch at a time, as JSON read back into the same columns (generated ones left out). */
async function copyTable(pglite, client, table, filledInLater) {
  const { rows: columns } = await pglite.query(
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [quoteIdent(table)],
  );
  const list = columns.map((column) => quoteIdent(column.name)).join(', ');
  const values = columns
    .map((column) => (filledInLater.includes(column.name) ? 'NULL' : quoteIdent(column.name)))
    .join(', ');
  for (let offset = 0; ; offset += ROWS_AT_ONCE) {
    const { rows } = await pglite.query(
      `SELECT jsonb_agg(to_jsonb(batch))::text AS rows FROM (
         SELECT * FROM ${quoteIdent(table)} ORDER BY ctid LIMIT ${ROWS_AT_ONCE} OFFSET ${offset}
       ) batch`,
    );
    const json = rows[0]?.rows;
    if (!json) return;
    await client.query(
      `INSERT INTO ${quoteIdent(table)} (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${values} FROM jsonb_populate_recordset(NULL::${quoteIdent(table)}, $1::jsonb)`,
      [json],
    );
  }
}

async function copySequences(pglite, client) {
  const { rows } = await pglite.query(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
     WHERE schemaname = 'public' AND last_value IS NOT NULL`,
  );
  for (const { name, value } of rows)
    await client.query('SELECT setval($1::regclass, $2::bigint)', [quoteIdent(name), value]);
}
