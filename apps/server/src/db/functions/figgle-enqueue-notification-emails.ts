/** The function figgle_enqueue_notification_emails: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleEnqueueNotificationEmails = {
  name: 'function figgle_enqueue_notification_emails',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_notification_emails()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      queued bigint;
    BEGIN
      PERFORM figgle_enqueue_job('notification_email', inserted.organization_id, inserted.notification_id::text,
        jsonb_build_object('notification_id', inserted.notification_id))
      FROM inserted
      LEFT JOIN notification_preference AS preference ON preference.user_id = inserted.user_id
      WHERE inserted.kind IN ('mention', 'assignment')
        AND inserted.actor_id IS DISTINCT FROM inserted.user_id
        AND coalesce(preference.email_level, 'mentions') <> 'nothing';

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
      -- PERFORM takes no WITH: the count is read INTO a variable instead.
      SELECT count(figgle_enqueue_job('notification_batch', NULL,
        opened.user_id::text || ':' || floor(extract(epoch FROM opened.batch_until) * 1000)::bigint::text,
        jsonb_build_object('user_id', opened.user_id, 'from', opened.batch_from, 'until', opened.batch_until),
        opened.batch_until)) INTO queued
      FROM opened;
      RETURN NULL;
    END;
    $function$`,
};
