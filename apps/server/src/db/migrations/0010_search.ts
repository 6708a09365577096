import { type Kysely, sql } from 'kysely';

/**
 * Search (issue 25, features/search/): PostgreSQL full-text search with pg_trgm for typos and
 * unaccent for accents. The same SQL runs on PGlite, which ships both extensions (loaded by
 * db/database.ts).
 *
 * - figgle_search: a text search configuration that drops accents (unaccent) and lowercases
 *   (simple): no stemming and no stop words, since tasks are written in many languages and a prefix
 *   query (`chec:*`) already finds "checking" and "checkout".
 * - task_search, comment_search: one row per live task and per comment with its tsvector, kept up to
 *   date by triggers in the transaction of each write (figgle_change_task included, untouched).
 *   Apart from the task row so that a board move, which rewrites the task row, does not copy the
 *   vectors, and so that nothing reading `task` changes shape. A task's `vector` holds its title
 *   (weight A) and its description's text (weight B); `title_vector` its title alone, for "title
 *   matches first".
 * - project.search_vector: the name's, a generated column.
 * - search_word: the distinct words of each organization's texts, with a trigram index: a query
 *   word that begins no known word is looked up there for the words it is a typo of
 *   (`chekout` → `checkout`), which then go into the full-text query.
 * Text comes from the Quill documents as people read them: text inserts (link text included),
 * mention names, file names and formulas (figgle_delta_text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS unaccent;

    -- unaccent() is STABLE (it reads its dictionary by name through search_path); this wrapper names
    -- the dictionary and function by schema, so it can be IMMUTABLE and used in indexes.
    DO $$
    DECLARE
      home text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
    BEGIN
      EXECUTE format(
        'CREATE FUNCTION figgle_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
        'AS $f$ SELECT %1$s.unaccent(%2$L::regdictionary, $1) $f$',
        home, home || '.unaccent');
      EXECUTE format(
        'CREATE TEXT SEARCH CONFIGURATION figgle_search (COPY = pg_catalog.simple); '
        'ALTER TEXT SEARCH CONFIGURATION figgle_search '
        '  ALTER MAPPING FOR word, hword, hword_part WITH %1$s.unaccent, pg_catalog.simple',
        home);
    END $$;

    -- A Quill document's text as people read it: text inserts (a link's text is one), a mention as
    -- @name, a file block's name, a formula (embeds set apart by spaces, so their words stay whole). Anything else (images, videos) adds no words.
    CREATE FUNCTION figgle_delta_text(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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
    $$;

    CREATE FUNCTION figgle_search_vector(content text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT to_tsvector('figgle_search'::regconfig, content)
    $$;

    -- The words worth offering as what a typo meant: 4 to 40 characters, not a number, no
    -- punctuation (the parser's lexemes for addresses, paths and hyphenated words hold some).
    CREATE FUNCTION figgle_is_search_word(lexeme text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT char_length(lexeme) BETWEEN 4 AND 40 AND lexeme !~ '^[0-9]+$' AND lexeme !~ '[[:punct:][:space:]]'
    $$;

    CREATE TABLE search_word (
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      -- Byte order: "begins with" is a range of the primary key.
      word text COLLATE "C" NOT NULL,
      PRIMARY KEY (organization_id, word)
    );
    CREATE INDEX search_word_trgm_idx ON search_word USING gin (word gin_trgm_ops);

    CREATE TABLE task_search (
      task_id uuid PRIMARY KEY REFERENCES task ON DELETE CASCADE,
      project_id uuid NOT NULL,
      title_vector tsvector NOT NULL,
      vector tsvector NOT NULL
    );
    CREATE INDEX task_search_title_idx ON task_search USING gin (title_vector);
    CREATE INDEX task_search_vector_idx ON task_search USING gin (vector);

    CREATE TABLE comment_search (
      comment_id uuid PRIMARY KEY REFERENCES comment ON DELETE CASCADE,
      task_id uuid NOT NULL,
      project_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      vector tsvector NOT NULL
    );
    CREATE INDEX comment_search_vector_idx ON comment_search USING gin (vector);
    CREATE INDEX comment_search_recent_idx ON comment_search (created_at DESC, comment_id DESC)
      INCLUDE (project_id);
    CREATE INDEX comment_search_task_idx ON comment_search (task_id);

    -- "Most recent activity first": the latest tasks are read in this order before any full match.
    CREATE INDEX task_recent_idx ON task (updated_at DESC, task_id DESC)
      INCLUDE (project_id, status, assignee_id) WHERE deleted_at IS NULL;

    ALTER TABLE project ADD COLUMN search_vector tsvector
      GENERATED ALWAYS AS (to_tsvector('figgle_search'::regconfig, name)) STORED;
    CREATE INDEX project_search_idx ON project USING gin (search_vector);

    -- The matches of a query through the GIN indexes alone, at most p_cap (NULL: all). With a cap,
    -- the planner would rather read the table in order until it has enough, which for a rare word
    -- means reading all of it: a seq scan is ruled out here (SET applies to this function only), and
    -- so is compiling the plan (jit), which costs more than the lookup. ROWS 50: what callers
    -- join the matches to is then read by key, not whole (a generic plan chose a hash join over
    -- every task, 140 ms, for 5 matches).
    -- p_title_only: the title matches; otherwise the matches elsewhere but not in the title.
    CREATE FUNCTION figgle_task_matches(p_query tsquery, p_projects uuid[], p_title_only boolean,
      p_cap integer) RETURNS SETOF uuid
    LANGUAGE sql STABLE ROWS 50 SET enable_seqscan = off SET jit = off AS $$
      SELECT task_id FROM (
        SELECT task_id FROM task_search
        WHERE p_title_only AND title_vector @@ p_query AND project_id = ANY (p_projects)
        UNION ALL
        SELECT task_id FROM task_search
        WHERE NOT p_title_only AND vector @@ p_query AND NOT title_vector @@ p_query
          AND project_id = ANY (p_projects)
      ) AS matches
      LIMIT p_cap
    $$;
    CREATE FUNCTION figgle_comment_matches(p_query tsquery, p_projects uuid[], p_cap integer)
    RETURNS SETOF uuid
    LANGUAGE sql STABLE ROWS 50 SET enable_seqscan = off SET jit = off AS $$
      SELECT comment_id FROM comment_search
      WHERE vector @@ p_query AND project_id = ANY (p_projects)
      LIMIT p_cap
    $$;

    -- Words of new vectors, into their organization's list (statement triggers: one insert for a
    -- bulk write).
    CREATE FUNCTION figgle_remember_words(p_project uuid, p_vector tsvector) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO search_word (organization_id, word)
      SELECT DISTINCT project.organization_id, lexeme
      FROM project, unnest(tsvector_to_array(p_vector)) AS lexeme
      WHERE project.project_id = p_project AND figgle_is_search_word(lexeme)
      ON CONFLICT DO NOTHING
    $$;

    CREATE FUNCTION figgle_task_search_insert() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      WITH written AS (
        INSERT INTO task_search (task_id, project_id, title_vector, vector)
        SELECT added.task_id, added.project_id, title.vector,
          setweight(title.vector, 'A')
            || setweight(figgle_search_vector(figgle_delta_text(added.content_json)), 'B')
        FROM added, LATERAL (SELECT figgle_search_vector(added.title) AS vector) AS title
        WHERE added.deleted_at IS NULL
        RETURNING project_id, vector
      )
      INSERT INTO search_word (organization_id, word)
      SELECT DISTINCT project.organization_id, lexeme
      FROM written JOIN project USING (project_id), unnest(tsvector_to_array(written.vector)) AS lexeme
      WHERE figgle_is_search_word(lexeme)
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;

    -- A changed title rewrites the title's part only: the description's words (weight B) are kept.
    CREATE FUNCTION figgle_task_search_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      new_title_vector tsvector;
      new_vector tsvector;
      same_content boolean := OLD.content_json = NEW.content_json;
    BEGIN
      IF NEW.deleted_at IS NOT NULL THEN
        DELETE FROM task_search WHERE task_id = NEW.task_id;
        RETURN NULL;
      END IF;
      new_title_vector := figgle_search_vector(NEW.title);
      IF OLD.deleted_at IS NULL AND same_content THEN
        UPDATE task_search
        SET title_vector = new_title_vector,
          vector = setweight(new_title_vector, 'A') || ts_filter(task_search.vector, '{b}'),
          project_id = NEW.project_id
        WHERE task_search.task_id = NEW.task_id
        RETURNING task_search.vector INTO new_vector;
      END IF;
      IF new_vector IS NULL THEN
        new_vector := setweight(new_title_vector, 'A')
          || setweight(figgle_search_vector(figgle_delta_text(NEW.content_json)), 'B');
        INSERT INTO task_search (task_id, project_id, title_vector, vector)
        VALUES (NEW.task_id, NEW.project_id, new_title_vector, new_vector)
        ON CONFLICT (task_id) DO UPDATE
          SET project_id = EXCLUDED.project_id, title_vector = EXCLUDED.title_vector, vector = EXCLUDED.vector;
      END IF;
      IF OLD.project_id IS DISTINCT FROM NEW.project_id THEN
        UPDATE comment_search SET project_id = NEW.project_id WHERE task_id = NEW.task_id;
      END IF;
      PERFORM figgle_remember_words(NEW.project_id,
        CASE WHEN same_content AND OLD.deleted_at IS NULL THEN new_title_vector ELSE new_vector END);
      RETURN NULL;
    END $$;

    CREATE TRIGGER task_search_insert AFTER INSERT ON task
      REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION figgle_task_search_insert();
    -- A board move (status, rank, version) changes none of these: no trigger call.
    CREATE TRIGGER task_search_update AFTER UPDATE OF title, content_json, deleted_at, project_id ON task
      FOR EACH ROW
      WHEN (OLD.title IS DISTINCT FROM NEW.title
        OR OLD.content_json IS DISTINCT FROM NEW.content_json
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
        OR OLD.project_id IS DISTINCT FROM NEW.project_id)
      EXECUTE FUNCTION figgle_task_search_update();

    CREATE FUNCTION figgle_comment_search_insert() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      WITH written AS (
        INSERT INTO comment_search (comment_id, task_id, project_id, created_at, vector)
        SELECT added.comment_id, added.task_id, task.project_id, added.created_at,
          figgle_search_vector(figgle_delta_text(added.content_json))
        FROM added JOIN task USING (task_id)
        RETURNING project_id, vector
      )
      INSERT INTO search_word (organization_id, word)
      SELECT DISTINCT project.organization_id, lexeme
      FROM written JOIN project USING (project_id), unnest(tsvector_to_array(written.vector)) AS lexeme
      WHERE figgle_is_search_word(lexeme)
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;

    CREATE FUNCTION figgle_comment_search_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      new_vector tsvector := figgle_search_vector(figgle_delta_text(NEW.content_json));
    BEGIN
      UPDATE comment_search SET vector = new_vector WHERE comment_id = NEW.comment_id;
      PERFORM figgle_remember_words((SELECT project_id FROM task WHERE task_id = NEW.task_id), new_vector);
      RETURN NULL;
    END $$;

    CREATE TRIGGER comment_search_insert AFTER INSERT ON comment
      REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION figgle_comment_search_insert();
    CREATE TRIGGER comment_search_update AFTER UPDATE OF content_json ON comment
      FOR EACH ROW WHEN (OLD.content_json IS DISTINCT FROM NEW.content_json)
      EXECUTE FUNCTION figgle_comment_search_update();

    CREATE FUNCTION figgle_project_words() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM figgle_remember_words(NEW.project_id, NEW.search_vector);
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_search_words AFTER INSERT OR UPDATE OF name ON project
      FOR EACH ROW EXECUTE FUNCTION figgle_project_words();

    -- What was written before this migration.
    INSERT INTO task_search (task_id, project_id, title_vector, vector)
    SELECT task_id, project_id, figgle_search_vector(title),
      setweight(figgle_search_vector(title), 'A')
        || setweight(figgle_search_vector(figgle_delta_text(content_json)), 'B')
    FROM task WHERE deleted_at IS NULL;
    INSERT INTO comment_search (comment_id, task_id, project_id, created_at, vector)
    SELECT comment.comment_id, comment.task_id, task.project_id, comment.created_at,
      figgle_search_vector(figgle_delta_text(comment.content_json))
    FROM comment JOIN task USING (task_id);
    INSERT INTO search_word (organization_id, word)
    SELECT DISTINCT project.organization_id, lexeme
    FROM (
      SELECT project_id, vector FROM task_search
      UNION ALL SELECT project_id, vector FROM comment_search
      UNION ALL SELECT project_id, search_vector FROM project
    ) AS written
    JOIN project USING (project_id), unnest(tsvector_to_array(written.vector)) AS lexeme
    WHERE figgle_is_search_word(lexeme)
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER project_search_words ON project;
    DROP TRIGGER comment_search_update ON comment;
    DROP TRIGGER comment_search_insert ON comment;
    DROP TRIGGER task_search_update ON task;
    DROP TRIGGER task_search_insert ON task;
    DROP FUNCTION figgle_project_words();
    DROP FUNCTION figgle_comment_search_update();
    DROP FUNCTION figgle_comment_search_insert();
    DROP FUNCTION figgle_task_search_update();
    DROP FUNCTION figgle_task_search_insert();
    DROP FUNCTION figgle_remember_words(uuid, tsvector);
    DROP FUNCTION figgle_comment_matches(tsquery, uuid[], integer);
    DROP FUNCTION figgle_task_matches(tsquery, uuid[], boolean, integer);
    DROP INDEX project_search_idx;
    ALTER TABLE project DROP COLUMN search_vector;
    DROP INDEX task_recent_idx;
    DROP TABLE comment_search;
    DROP TABLE task_search;
    DROP TABLE search_word;
    DROP FUNCTION figgle_is_search_word(text);
    DROP FUNCTION figgle_search_vector(text);
    DROP FUNCTION figgle_delta_text(jsonb);
    DROP TEXT SEARCH CONFIGURATION figgle_search;
    DROP FUNCTION figgle_unaccent(text);
  `.execute(db);
}
