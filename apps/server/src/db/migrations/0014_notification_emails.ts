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
 *   the last one ended (or a minute before its first notification), so each notification falls in
 *   exactly one. The preference row is locked while the window is decided: two transactions
 *   notifying the same person at once open one window, not two.
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
      batch_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION figgle_enqueue_notification_email() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      level text;
      previous timestamptz;
      window_start timestamptz;
      window_end timestamptz;
    BEGIN
      IF NEW.actor_id IS NOT DISTINCT FROM NEW.user_id THEN
        RETURN NULL;
      END IF;
      IF NEW.kind IN ('mention', 'assignment') THEN
        SELECT email_level INTO level FROM notification_preference WHERE user_id = NEW.user_id;
        IF coalesce(level, 'mentions') = 'nothing' THEN
          RETURN NULL;
        END IF;
        INSERT INTO job (kind, organization_id, dedupe_key, payload)
        VALUES ('notification_email', NEW.organization_id, NEW.notification_id::text,
          jsonb_build_object('notification_id', NEW.notification_id))
        ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING;
        RETURN NULL;
      END IF;

      SELECT batch_until INTO previous FROM notification_preference
      WHERE user_id = NEW.user_id AND email_level = 'watching'
      FOR UPDATE;
      IF NOT FOUND OR previous > NEW.created_at THEN
        -- Not wanted, or the open window's job will find this row by its time.
        RETURN NULL;
      END IF;
      -- A minute back: a transaction that began a little earlier but committed later still falls
      -- in a window, and never in one already sent (previous).
      window_start := greatest(coalesce(previous, '-infinity'), NEW.created_at - interval '1 minute');
      window_end := NEW.created_at + interval '2 minutes';
      UPDATE notification_preference SET batch_until = window_end WHERE user_id = NEW.user_id;
      INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
      VALUES ('notification_batch', NULL,
        NEW.user_id::text || ':' || floor(extract(epoch FROM window_end) * 1000)::bigint::text,
        jsonb_build_object('user_id', NEW.user_id, 'from', window_start, 'until', window_end),
        window_end)
      ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER notification_email AFTER INSERT ON notification
      FOR EACH ROW EXECUTE FUNCTION figgle_enqueue_notification_email();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER notification_email ON notification;
    DROP FUNCTION figgle_enqueue_notification_email();
    DROP TABLE notification_preference;
  `.execute(db);
}
