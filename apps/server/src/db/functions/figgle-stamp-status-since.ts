/** The function figgle_stamp_status_since: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleStampStatusSince = {
  name: 'function figgle_stamp_status_since',
  text: `CREATE OR REPLACE FUNCTION public.figgle_stamp_status_since()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      NEW.status_since := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
      RETURN NEW;
    END
    $function$`,
};
