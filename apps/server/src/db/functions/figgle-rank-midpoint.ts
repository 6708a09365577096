/** The function figgle_rank_midpoint: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRankMidpoint = {
  name: 'function figgle_rank_midpoint',
  text: `CREATE OR REPLACE FUNCTION public.figgle_rank_midpoint(a text, b text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
    DECLARE
      digits CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
      n integer := 0;
      digit_a integer;
      digit_b integer;
    BEGIN
      -- a: '' for no lower bound; b: NULL for no upper bound.
      IF b IS NOT NULL AND b <> '' THEN
        WHILE coalesce(nullif(substr(a, n + 1, 1), ''), '0') = substr(b, n + 1, 1) LOOP
          n := n + 1;
        END LOOP;
        IF n > 0 THEN
          RETURN substr(b, 1, n) || figgle_rank_midpoint(substr(a, n + 1), substr(b, n + 1));
        END IF;
      END IF;
      digit_a := CASE WHEN a <> '' THEN strpos(digits, substr(a, 1, 1)) - 1 ELSE 0 END;
      digit_b := CASE WHEN b IS NULL THEN 62 WHEN b = '' THEN -1 ELSE strpos(digits, substr(b, 1, 1)) - 1 END;
      IF digit_b - digit_a > 1 THEN
        RETURN substr(digits, round(0.5 * (digit_a + digit_b))::integer + 1, 1);
      ELSIF b IS NOT NULL AND length(b) > 1 THEN
        RETURN substr(b, 1, 1);
      END IF;
      RETURN substr(digits, digit_a + 1, 1) || figgle_rank_midpoint(substr(a, 2), NULL);
    END $function$`,
};
