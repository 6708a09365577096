/** The function figgle_column_lock_key: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleColumnLockKey = {
  name: 'function figgle_column_lock_key',
  text: `CREATE OR REPLACE FUNCTION public.figgle_column_lock_key(p_project uuid, p_status text)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
      SELECT hashtextextended(p_project::text || ':' || p_status, 0)
    $function$`,
};
