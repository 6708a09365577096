/** The trigger task_dev_resource_name on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskDevResourceName = {
  name: 'trigger task_dev_resource_name on task',
  text: `CREATE OR REPLACE TRIGGER task_dev_resource_name AFTER UPDATE OF title, project_id, reference, deleted_at ON public.task FOR EACH ROW WHEN (((old.title IS DISTINCT FROM new.title) OR (old.project_id IS DISTINCT FROM new.project_id) OR (old.reference IS DISTINCT FROM new.reference) OR (old.deleted_at IS DISTINCT FROM new.deleted_at))) EXECUTE FUNCTION figgle_dev_resource_task_changed()`,
};
