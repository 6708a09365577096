/** The function figgle_comment_search_insert: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleCommentSearchInsert = {
  name: 'function figgle_comment_search_insert',
  text: `CREATE OR REPLACE FUNCTION public.figgle_comment_search_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    END $function$`,
};
