/** The function figgle_comment_search_update: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleCommentSearchUpdate = {
  name: 'function figgle_comment_search_update',
  text: `CREATE OR REPLACE FUNCTION public.figgle_comment_search_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      new_vector tsvector := figgle_search_vector(figgle_delta_text(NEW.content_json));
    BEGIN
      UPDATE comment_search SET vector = new_vector WHERE comment_id = NEW.comment_id;
      PERFORM figgle_remember_words((SELECT project_id FROM task WHERE task_id = NEW.task_id), new_vector);
      RETURN NULL;
    END $function$`,
};
