/** The function figgle_is_search_word: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleIsSearchWord = {
  name: 'function figgle_is_search_word',
  text: `CREATE OR REPLACE FUNCTION public.figgle_is_search_word(lexeme text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
      SELECT char_length(lexeme) BETWEEN 4 AND 40 AND lexeme !~ '^[0-9]+$' AND lexeme !~ '[[:punct:][:space:]]'
    $function$`,
};
