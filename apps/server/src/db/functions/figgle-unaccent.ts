/** The function figgle_unaccent: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleUnaccent = {
  name: 'function figgle_unaccent',
  text: `CREATE OR REPLACE FUNCTION public.figgle_unaccent(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $function$`,
};
