/** The function figgle_notice_session_write: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleNoticeSessionWrite = {
  name: 'function figgle_notice_session_write',
  text: `CREATE OR REPLACE FUNCTION public.figgle_notice_session_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      -- realtime/postgres-bus.ts listens to this channel (SESSION_WRITES_CHANNEL).
      PERFORM pg_notify('figgle_session_writes', '');
      RETURN NULL;
    END
    $function$`,
};
