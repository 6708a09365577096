/** The function figgle_take_notified: its full current text, applied when it changes (db/database-functions.ts). Whom the log trigger told since the last take, answered to the statement that asks. */
export const figgleTakeNotified = {
  name: 'function figgle_take_notified',
  text: `CREATE OR REPLACE FUNCTION public.figgle_take_notified()
 RETURNS TABLE(task_id uuid, user_id uuid)
 LANGUAGE plpgsql
AS $function$
    DECLARE
      noted text := current_setting('figgle.notified', true);
    BEGIN
      IF noted IS NULL OR left(noted, 2) <> '+,' THEN RETURN; END IF;
      PERFORM set_config('figgle.notified', '+', true);
      RETURN QUERY SELECT split_part(entry, ':', 1)::uuid, split_part(entry, ':', 2)::uuid
        FROM unnest(string_to_array(substr(noted, 3), ',')) AS entry;
    END $function$`,
};
