/** The function figgle_due_text: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleDueText = {
  name: 'function figgle_due_text',
  text: `CREATE OR REPLACE FUNCTION public.figgle_due_text(p_due_on date, p_due_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
      SELECT CASE
        WHEN p_due_on IS NOT NULL THEN to_char(p_due_on, 'YYYY-MM-DD')
        WHEN p_due_at IS NOT NULL THEN to_char(p_due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      END
    $function$`,
};
