/** The function figgle_rank_between: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRankBetween = {
  name: 'function figgle_rank_between',
  text: `CREATE OR REPLACE FUNCTION public.figgle_rank_between(a text, b text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
    DECLARE
      ia text := figgle_rank_integer_part(a);
      ib text := figgle_rank_integer_part(b);
      i text;
    BEGIN
      IF (a IS NOT NULL AND ia IS NULL) OR (b IS NOT NULL AND ib IS NULL) THEN RETURN NULL; END IF;
      IF a IS NOT NULL AND b IS NOT NULL AND a COLLATE "C" >= b COLLATE "C" THEN RETURN NULL; END IF;
      IF a IS NULL THEN
        IF b IS NULL THEN RETURN 'a0'; END IF;
        IF ib = 'A' || repeat('0', 26) THEN RETURN ib || figgle_rank_midpoint('', substr(b, length(ib) + 1)); END IF;
        IF ib COLLATE "C" < b COLLATE "C" THEN RETURN ib; END IF;
        RETURN figgle_rank_step_integer(ib, -1);
      END IF;
      IF b IS NULL THEN
        i := figgle_rank_step_integer(ia, 1);
        RETURN coalesce(i, ia || figgle_rank_midpoint(substr(a, length(ia) + 1), NULL));
      END IF;
      IF ia = ib THEN
        RETURN ia || figgle_rank_midpoint(substr(a, length(ia) + 1), substr(b, length(ib) + 1));
      END IF;
      i := figgle_rank_step_integer(ia, 1);
      IF i IS NULL THEN RETURN NULL; END IF;
      IF i COLLATE "C" < b COLLATE "C" THEN RETURN i; END IF;
      RETURN ia || figgle_rank_midpoint(substr(a, length(ia) + 1), NULL);
    END $function$`,
};
