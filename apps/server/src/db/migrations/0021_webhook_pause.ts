import { type Kysely, sql } from 'kysely';

/**
 * A webhook whose receiver keeps timing out is paused (issue 37; docs/decisions/0011-outgoing-webhooks.md):
 * `timeouts_in_a_row` counts deliveries of any event that got no connection or no answer in time, and
 * an answer of any kind sets it back to 0. Past WEBHOOK_PAUSE_AFTER the webhook is turned off with
 * `paused_at` and why; its owners are told, and an owner resumes it (which clears all three).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE webhook
      ADD COLUMN timeouts_in_a_row integer NOT NULL DEFAULT 0 CHECK (timeouts_in_a_row >= 0),
      ADD COLUMN paused_at timestamptz,
      ADD COLUMN paused_reason text CHECK (char_length(paused_reason) <= 500);
  `.execute(db);
}
