/** The function figgle_rank_step_integer: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRankStepInteger = {
  name: 'function figgle_rank_step_integer',
  text: `CREATE OR REPLACE FUNCTION public.figgle_rank_step_integer(x text, step integer)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
    DECLARE
      digits CONSTANT text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
      head text := substr(x, 1, 1);
      digs text[] := regexp_split_to_array(substr(x, 2), '');
      carry boolean := true;
      i integer;
      d integer;
      h text;
    BEGIN
      IF length(x) <> figgle_rank_integer_length(head) THEN RETURN NULL; END IF;
      i := coalesce(array_length(digs, 1), 0);
      IF substr(x, 2) = '' THEN digs := ARRAY[]::text[]; i := 0; END IF;
      WHILE carry AND i >= 1 LOOP
        d := strpos(digits, digs[i]) - 1 + step;
        IF d = 62 THEN
          digs[i] := '0';
        ELSIF d = -1 THEN
          digs[i] := 'z';
        ELSE
          digs[i] := substr(digits, d + 1, 1);
          carry := false;
        END IF;
        i := i - 1;
      END LOOP;
      IF NOT carry THEN RETURN head || array_to_string(digs, ''); END IF;
      IF step = 1 THEN
        IF head = 'Z' THEN RETURN 'a0'; END IF;
        IF head = 'z' THEN RETURN NULL; END IF;
        h := chr(ascii(head) + 1);
        IF ascii(h) > 97 THEN digs := digs || '0'::text; ELSE digs := digs[1:array_length(digs, 1) - 1]; END IF;
      ELSE
        IF head = 'a' THEN RETURN 'Zz'; END IF;
        IF head = 'A' THEN RETURN NULL; END IF;
        h := chr(ascii(head) - 1);
        IF ascii(h) < 90 THEN digs := digs || 'z'::text; ELSE digs := digs[1:array_length(digs, 1) - 1]; END IF;
      END IF;
      RETURN h || coalesce(array_to_string(digs, ''), '');
    END $function$`,
};
