/** The trigger task_search_update on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskSearchUpdate = {
  name: 'trigger task_search_update on task',
  text: `CREATE OR REPLACE TRIGGER task_search_update AFTER UPDATE OF title, content_json, deleted_at, project_id ON public.task FOR EACH ROW WHEN (((old.title IS DISTINCT FROM new.title) OR (old.content_json IS DISTINCT FROM new.content_json) OR (old.deleted_at IS DISTINCT FROM new.deleted_at) OR (old.project_id IS DISTINCT FROM new.project_id))) EXECUTE FUNCTION figgle_task_search_update()`,
};
