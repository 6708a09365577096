import { type Kysely, sql } from 'kysely';

/**
 * A drag in one statement (features/tasks/commands/move-task.ts moveTaskInOneStatement): locking
 * the task and its target column, reading the new neighbours, the rank between them, the write and
 * its log row, all inside figgle_move_task. One call instead of BEGIN, two statements and COMMIT
 * saves three trips to the database, each a wake-up of PostgreSQL (or an entry into PGlite); what
 * this trades is in docs/decisions/0008-speed-devices.md.
 *
 * figgle_rank_between is fractional-indexing's generateKeyBetween (the library the web app and the
 * rest of the server use), ported line by line; the tests compare the two on thousands of pairs.
 * Every comparison is byte-wise (COLLATE "C"), as the rank column's. It answers NULL for keys the
 * library would refuse, and figgle_move_task then moves nothing: the caller's full path decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION figgle_rank_midpoint(a text, b text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
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
    END $$;

    -- The length of a key's integer part from its head, or NULL for a head no key starts with.
    CREATE FUNCTION figgle_rank_integer_length(head text) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
        WHEN ascii(head) BETWEEN 97 AND 122 THEN ascii(head) - 97 + 2
        WHEN ascii(head) BETWEEN 65 AND 90 THEN 90 - ascii(head) + 2
      END
    $$;

    -- incrementInteger (step 1) and decrementInteger (step -1); NULL past the last or first.
    CREATE FUNCTION figgle_rank_step_integer(x text, step integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
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
    END $$;

    -- A key's integer part, or NULL when the key is not a valid order key.
    CREATE FUNCTION figgle_rank_integer_part(key text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      integer_length integer := figgle_rank_integer_length(substr(key, 1, 1));
    BEGIN
      IF key IS NULL OR integer_length IS NULL OR integer_length > length(key)
        OR key = 'A' || repeat('0', 26) OR right(key, 1) = '0' AND length(key) > integer_length THEN
        RETURN NULL;
      END IF;
      RETURN substr(key, 1, integer_length);
    END $$;

    CREATE FUNCTION figgle_rank_between(a text, b text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
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
    END $$;

    -- The task row as written, or no row: the task is missing or not the user's to change (roles:
    -- those the policy allows, policies/can.ts), nothing would change, or the place needs the full
    -- path (an index past the end, two tasks sharing a rank). The caller then takes that path.
    -- Each statement inside takes a fresh snapshot (a volatile function, READ COMMITTED): the
    -- neighbours are read after the column's lock is held, so they include every earlier move.
    CREATE FUNCTION figgle_move_task(p_task uuid, p_user uuid, p_status text, p_index integer,
      p_roles text[], p_now timestamptz) RETURNS SETOF task
    LANGUAGE plpgsql AS $$
    DECLARE
      moving record;
      ranks text[];
      before_rank text;
      after_rank text;
      new_rank text;
    BEGIN
      SELECT task.project_id, task.status, project.organization_id INTO moving
      FROM task
      JOIN project ON project.project_id = task.project_id
      JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = p_user
      WHERE task.task_id = p_task AND task.deleted_at IS NULL AND project.deleted_at IS NULL
        AND rule.role = ANY (p_roles)
      FOR UPDATE OF task;
      IF NOT FOUND OR (p_index IS NULL AND moving.status = p_status) THEN RETURN; END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended(moving.project_id::text || ':' || p_status, 0));
      IF p_index IS NULL THEN
        SELECT other.rank INTO before_rank FROM task AS other
        WHERE other.project_id = moving.project_id AND other.status = p_status
          AND other.deleted_at IS NULL AND other.task_id <> p_task
        ORDER BY other.rank DESC, other.task_id DESC LIMIT 1;
      ELSE
        ranks := ARRAY(
          SELECT other.rank FROM task AS other
          WHERE other.project_id = moving.project_id AND other.status = p_status
            AND other.deleted_at IS NULL AND other.task_id <> p_task
          ORDER BY other.rank, other.task_id
          OFFSET greatest(p_index - 1, 0) LIMIT CASE WHEN p_index = 0 THEN 1 ELSE 2 END
        );
        IF p_index = 0 THEN
          after_rank := ranks[1];
        ELSIF cardinality(ranks) = 0 THEN
          RETURN;
        ELSE
          before_rank := ranks[1];
          after_rank := ranks[2];
        END IF;
      END IF;
      new_rank := figgle_rank_between(before_rank, after_rank);
      IF new_rank IS NULL THEN RETURN; END IF;
      RETURN QUERY
        UPDATE task SET status = p_status, rank = new_rank, version = version + 1, updated_at = p_now,
          last_modified_by = p_user
        WHERE task_id = p_task
        RETURNING *;
      IF moving.status <> p_status THEN
        INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
        VALUES (p_task, moving.project_id, moving.organization_id, p_user, 'STATUS',
          jsonb_build_object('status', jsonb_build_object('old', moving.status, 'new', p_status)));
      END IF;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION figgle_move_task(uuid, uuid, text, integer, text[], timestamptz);
    DROP FUNCTION figgle_rank_between(text, text);
    DROP FUNCTION figgle_rank_integer_part(text);
    DROP FUNCTION figgle_rank_step_integer(text, integer);
    DROP FUNCTION figgle_rank_integer_length(text);
    DROP FUNCTION figgle_rank_midpoint(text, text);
  `.execute(db);
}
