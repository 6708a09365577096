/** The trigger task_status_category_update on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusCategoryUpdate = {
  name: 'trigger task_status_category_update on task',
  text: `CREATE OR REPLACE TRIGGER task_status_category_update BEFORE UPDATE OF status, project_id ON public.task FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.project_id IS DISTINCT FROM new.project_id))) EXECUTE FUNCTION figgle_task_status_category()`,
};
