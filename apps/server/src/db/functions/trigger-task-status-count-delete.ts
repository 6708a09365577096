/** The trigger task_status_count_delete on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusCountDelete = {
  name: 'trigger task_status_count_delete on task',
  text: `CREATE OR REPLACE TRIGGER task_status_count_delete AFTER DELETE ON public.task FOR EACH ROW EXECUTE FUNCTION task_status_count_track()`,
};
