/** The function figgle_rank_integer_length: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRankIntegerLength = {
  name: 'function figgle_rank_integer_length',
  text: `CREATE OR REPLACE FUNCTION public.figgle_rank_integer_length(head text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
      SELECT CASE
        WHEN ascii(head) BETWEEN 97 AND 122 THEN ascii(head) - 97 + 2
        WHEN ascii(head) BETWEEN 65 AND 90 THEN 90 - ascii(head) + 2
      END
    $function$`,
};
