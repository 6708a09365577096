import { type Kysely, sql } from 'kysely';

/**
 * Notifications by email (issue 27; docs/decisions/0001-durable-jobs.md for the job table).
 *
 * notification_preference: one row per person who changed a default. No row means "Mentions and
 * assignments", no digest, no time zone yet (the browser sends the one it detects).
 *
 * A trigger on notification (migration 0013) stores the email work in the transaction that wrote the
 * notification, whichever command did, so an email is never promised and then lost:
 * - a mention or an assignment: one `notification_email` job each, due at once, unless the person
 *   chose "Nothing";
 * - a comment or a change on a watched task, for people who chose "Everything I watch": one
 *   `notification_batch` job per person and two-minute window, due at the window's end. The first
 *   notification after a window closed opens the next one (batch_until); a window starts where
 *   the last one ended (or a minute before its first notification: batch_from), so each
 *   notification falls in exactly one. The UPDATE that opens a window locks the preference row and
 *   re-checks it after a wait: two transactions notifying the same person at once open one window.
 * The trigger runs once per statement over its new rows (a transition table): a comment on a task
 * with 200 watchers costs two set-based statements, not 200 calls.
 * Everything is checked again when the job runs (membership, level, own change): the trigger only
 * spares jobs nobody would want.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notification_preference (
      user_id uuid PRIMARY KEY REFERENCES app_user ON DELETE CASCADE,
      email_level text NOT NULL DEFAULT 'mentions' CHECK (email_level IN ('mentions', 'watching', 'nothing')),
      daily_digest boolean NOT NULL DEFAULT false,
      time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64),
      batch_from timestamptz,
      batch_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION figgle_enqueue_notification_emails() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      SELECT 'notification_email', inserted.organization_id, inserted.notification_id::text,
        jsonb_build_object('notification_id', inserted.notification_id)
      FROM inserted
      LEFT JOIN notification_preference AS preference ON preference.user_id = inserted.user_id
      WHERE inserted.kind IN ('mention', 'assignment')
        AND inserted.actor_id IS DISTINCT FROM inserted.user_id
        AND coalesce(preference.email_level, 'mentions') <> 'nothing'
      ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING;

      WITH first_of AS (
        SELECT user_id, min(created_at) AS at FROM inserted
        WHERE kind IN ('comment', 'change') AND actor_id IS DISTINCT FROM user_id
        GROUP BY user_id
      ), opened AS (
        -- In SET, batch_until is the closing window's end; RETURNING gives the new window.
        UPDATE notification_preference AS preference
        SET batch_from = greatest(coalesce(preference.batch_until, '-infinity'), first_of.at - interval '1 minute'),
          batch_until = first_of.at + interval '2 minutes'
        FROM first_of
        WHERE preference.user_id = first_of.user_id AND preference.email_level = 'watching'
          AND (preference.batch_until IS NULL OR preference.batch_until <= first_of.at)
        RETURNING preference.user_id, preference.batch_from, preference.batch_until
      )
      INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
      SELECT 'notification_batch', NULL,
        opened.user_id::text || ':' || floor(extract(epoch FROM opened.batch_until) * 1000)::bigint::text,
        jsonb_build_object('user_id', opened.user_id, 'from', opened.batch_from, 'until', opened.batch_until),
        opened.batch_until
      FROM opened
      ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER notification_emails AFTER INSERT ON notification
      REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION figgle_enqueue_notification_emails();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER notification_emails ON notification;
    DROP FUNCTION figgle_enqueue_notification_emails();
    DROP TABLE notification_preference;
  `.execute(db);
}
