import { type Kysely, sql } from 'kysely';

/**
 * Calendar feeds (docs/product.md#calendar-feeds, decision 0019): a secret address that serves a
 * person's due tasks as iCalendar, for their own tasks (project_id null) or for one project's.
 * Only a SHA-256 hash of the token is kept; the address is shown once, at creation. A revoked
 * feed keeps its row (revoked_at) and answers 404, as an address that never existed does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feed (
      calendar_feed_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      project_id uuid REFERENCES project ON DELETE CASCADE,
      secret_hash text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE INDEX calendar_feed_user_idx ON calendar_feed (user_id, created_at) WHERE revoked_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_feed;`.execute(db);
}
