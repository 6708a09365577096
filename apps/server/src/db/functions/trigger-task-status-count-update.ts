/** The trigger task_status_count_update on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusCountUpdate = {
  name: 'trigger task_status_count_update on task',
  text: `CREATE OR REPLACE TRIGGER task_status_count_update AFTER UPDATE ON public.task FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.project_id IS DISTINCT FROM new.project_id) OR ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL)))) EXECUTE FUNCTION task_status_count_track()`,
};
