import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Kysely's Migrator records each applied migration by name in this table (its default). */
const MIGRATION_TABLE = 'kysely_migration';

/** Where a database stands against the migrations this code knows, read before anything is changed. */
export interface MigrationState {
  /** Names recorded in kysely_migration, in order; empty for a database Figgle never migrated. */
  applied: string[];
  /** Known migrations not applied yet, in order. */
  pending: string[];
  /** The newest migration this code knows. */
  newestKnown: string;
}

/** A database migrated by a newer Figgle: running older code on it could corrupt what it holds. */
class NewerDatabaseError extends Error {}

export async function readMigrationState(db: Kysely<Database>, known: string[]): Promise<MigrationState> {
  const table = await sql<{ found: string | null }>`select to_regclass(${MIGRATION_TABLE}) as found`.execute(
    db,
  );
  const applied = table.rows[0]?.found
    ? (
        await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)
      ).rows.map((row) => row.name)
    : [];
  const recorded = new Set(applied);
  return {
    applied,
    pending: known.filter((name) => !recorded.has(name)),
    newestKnown: known[known.length - 1] ?? '',
  };
}

/**
 * Refuses a database that names a migration this code does not know: it was upgraded by a newer
 * Figgle, whose tables and functions this code would misread or write wrongly. Nothing is changed.
 */
export function refuseNewerDatabase({ applied, newestKnown }: MigrationState, known: string[]): void {
  const knownNames = new Set(known);
  const unknown = applied.filter((name) => !knownNames.has(name));
  if (unknown.length === 0) return;
  const newestFound = applied[applied.length - 1];
  throw new NewerDatabaseError(
    `the database was upgraded by a newer Figgle: its newest migration is ${newestFound}, and this Figgle ` +
      `knows migrations up to ${newestKnown} (unknown here: ${unknown.join(', ')}). Nothing was changed. ` +
      'Run the newer Figgle again, or restore the automatic backup taken before that upgrade ' +
      '(DATA_DIR/backups, see docs/backups.md) with npm run restore.',
  );
}
