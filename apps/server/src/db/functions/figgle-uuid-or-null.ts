/** The function figgle_uuid_or_null: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleUuidOrNull = {
  name: 'function figgle_uuid_or_null',
  text: `CREATE OR REPLACE FUNCTION public.figgle_uuid_or_null(p_text text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
AS $function$
      SELECT CASE WHEN p_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN p_text::uuid END
    $function$`,
};
