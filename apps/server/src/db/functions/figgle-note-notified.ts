/** The function figgle_note_notified: its full current text, applied when it changes (db/database-functions.ts). The log trigger notes whom a row told, while its writer collects them. */
export const figgleNoteNotified = {
  name: 'function figgle_note_notified',
  text: `CREATE OR REPLACE FUNCTION public.figgle_note_notified(p_task uuid, p_users uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    BEGIN
      -- Noted only while the transaction's writer collects them (figgle_collect_notified): an
      -- import's thousands of rows are not strung together for nobody.
      IF cardinality(p_users) > 0 AND left(current_setting('figgle.notified', true), 1) = '+' THEN
        PERFORM set_config('figgle.notified', current_setting('figgle.notified', true)
          || (SELECT string_agg(',' || p_task || ':' || person, '') FROM unnest(p_users) AS person), true);
      END IF;
    END $function$`,
};
