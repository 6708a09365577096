/** The function figgle_task_search_update: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleTaskSearchUpdate = {
  name: 'function figgle_task_search_update',
  text: `CREATE OR REPLACE FUNCTION public.figgle_task_search_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    END $function$`,
};
