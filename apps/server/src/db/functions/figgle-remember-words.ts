/** The function figgle_remember_words: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleRememberWords = {
  name: 'function figgle_remember_words',
  text: `CREATE OR REPLACE FUNCTION public.figgle_remember_words(p_project uuid, p_vector tsvector)
 RETURNS void
 LANGUAGE sql
AS $function$
      INSERT INTO search_word (organization_id, word)
      SELECT DISTINCT project.organization_id, lexeme
      FROM project, unnest(tsvector_to_array(p_vector)) AS lexeme
      WHERE project.project_id = p_project AND figgle_is_search_word(lexeme)
      ON CONFLICT DO NOTHING
    $function$`,
};
