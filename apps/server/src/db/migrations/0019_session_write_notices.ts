import { type Kysely, sql } from 'kysely';

/** The tables a remembered session answer is made of (auth/session-lookup.ts SESSION_TABLES). */
const TABLES = ['auth_session', 'auth_user', 'app_user'] as const;

/**
 * Every statement that writes a session table tells it on a channel, at its commit, whoever sends
 * it: a server of this deployment, another one, or a person with psql. Servers sharing a PostgreSQL
 * database forget the sessions they remember on hearing it (docs/machinery/remembered-sessions.md).
 * One notice per statement, with no payload: PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION figgle_notice_session_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- realtime/postgres-bus.ts listens to this channel (SESSION_WRITES_CHANNEL).
      PERFORM pg_notify('figgle_session_writes', '');
      RETURN NULL;
    END
    $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_write_notice`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION figgle_notice_session_write()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_write_notice`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION figgle_notice_session_write()`.execute(db);
}
