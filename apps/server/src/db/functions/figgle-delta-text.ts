/** The function figgle_delta_text: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleDeltaText = {
  name: 'function figgle_delta_text',
  text: `CREATE OR REPLACE FUNCTION public.figgle_delta_text(doc jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
      SELECT coalesce(string_agg(
        CASE
          WHEN jsonb_typeof(op -> 'insert') = 'string' THEN op ->> 'insert'
          WHEN jsonb_typeof(op -> 'insert' -> 'mention') = 'object'
            THEN ' @' || coalesce(op -> 'insert' -> 'mention' ->> 'value', '') || ' '
          WHEN jsonb_typeof(op -> 'insert' -> 'fileblock') = 'object'
            THEN ' ' || coalesce(op -> 'insert' -> 'fileblock' ->> 'name', '') || ' '
          WHEN jsonb_typeof(op -> 'insert' -> 'formula') = 'string'
            THEN ' ' || (op -> 'insert' ->> 'formula') || ' '
        END, '' ORDER BY position), '')
      FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(doc -> 'ops') = 'array' THEN doc -> 'ops' ELSE '[]'::jsonb END
      ) WITH ORDINALITY AS ops(op, position)
    $function$`,
};
