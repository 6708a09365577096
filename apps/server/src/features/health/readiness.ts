import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { migrationNames } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';

/** GET /readyz: this server may be sent traffic (its database answers and has this code's schema). */
export const readinessSchema = z.object({ status: z.literal('ready') });
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * Why this server should not be sent traffic yet, or null when it may: its database must answer and
 * hold exactly the migrations this code knows. Behind, another server's upgrade (or this one's) has
 * not run yet; ahead, a newer Figgle migrated it, and this older code would misread what it holds.
 * Only migration names leave: never an address or a driver's error (those go to the log).
 */
export async function notReadyBecause(
  db: Kysely<Database>,
  log: { warn(object: object, message: string): void },
): Promise<string | null> {
  let applied: string[];
  try {
    const table = await sql<{
      found: string | null;
    }>`select to_regclass('kysely_migration') as found`.execute(db);
    applied = table.rows[0]?.found
      ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
          (row) => row.name,
        )
      : [];
  } catch (error) {
    log.warn({ err: error }, 'readiness: the database does not answer');
    return 'The database does not answer.';
  }
  const newestKnown = migrationNames[migrationNames.length - 1];
  const known = new Set(migrationNames);
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0)
    return `The database was migrated by a newer Figgle (${unknown.join(', ')}); this server knows migrations up to ${newestKnown}.`;
  const recorded = new Set(applied);
  const pending = migrationNames.filter((name) => !recorded.has(name));
  if (pending.length > 0)
    return `The database is not migrated yet: ${pending.length} migration${pending.length === 1 ? '' : 's'} to run, up to ${newestKnown}.`;
  return null;
}
