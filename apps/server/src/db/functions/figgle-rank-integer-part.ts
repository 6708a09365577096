/** The function figgle_rank_integer_part: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRankIntegerPart = {
  name: 'function figgle_rank_integer_part',
  text: `CREATE OR REPLACE FUNCTION public.figgle_rank_integer_part(key text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
    DECLARE
      integer_length integer := figgle_rank_integer_length(substr(key, 1, 1));
    BEGIN
      IF key IS NULL OR integer_length IS NULL OR integer_length > length(key)
        OR key = 'A' || repeat('0', 26) OR right(key, 1) = '0' AND length(key) > integer_length THEN
        RETURN NULL;
      END IF;
      RETURN substr(key, 1, integer_length);
    END $function$`,
};
