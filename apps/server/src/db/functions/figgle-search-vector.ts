/** The function figgle_search_vector: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleSearchVector = {
  name: 'function figgle_search_vector',
  text: `CREATE OR REPLACE FUNCTION public.figgle_search_vector(content text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
      SELECT to_tsvector('figgle_search'::regconfig, content)
    $function$`,
};
