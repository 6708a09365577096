import { type Kysely, sql } from 'kysely';

/**
 * figma_webhook_user_id: whose Figma token registered the team's webhook; that token is used to read
 * the team's comments and images and to reply in threads.
 * done_reply_at: set on the root event of a thread once Figgle replied "Done in Figgle: …" there,
 * so the reply is posted once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization ADD COLUMN figma_webhook_user_id uuid REFERENCES app_user ON DELETE SET NULL;
    ALTER TABLE figma_event ADD COLUMN done_reply_at timestamptz;
    CREATE INDEX figma_event_task_idx ON figma_event (task_id) WHERE task_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX figma_event_task_idx;
    ALTER TABLE figma_event DROP COLUMN done_reply_at;
    ALTER TABLE organization DROP COLUMN figma_webhook_user_id;
  `.execute(db);
}
