/** The function figgle_task_search_insert: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleTaskSearchInsert = {
  name: 'function figgle_task_search_insert',
  text: `CREATE OR REPLACE FUNCTION public.figgle_task_search_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    END $function$`,
};
