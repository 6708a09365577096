/** The function figgle_collect_notified: its full current text, applied when it changes (db/database-functions.ts). From here to the end of its transaction, the log trigger notes whom it tells. */
export const figgleCollectNotified = {
  name: 'function figgle_collect_notified',
  text: `CREATE OR REPLACE FUNCTION public.figgle_collect_notified()
 RETURNS void
 LANGUAGE sql
AS $function$
      -- From here to the end of the transaction, the log trigger notes whom it tells (figgle_take_notified).
      SELECT set_config('figgle.notified',
        coalesce(nullif(current_setting('figgle.notified', true), ''), '+'), true);
    $function$`,
};
