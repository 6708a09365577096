/** The trigger task_status_count_insert on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusCountInsert = {
  name: 'trigger task_status_count_insert on task',
  text: `CREATE OR REPLACE TRIGGER task_status_count_insert AFTER INSERT ON public.task FOR EACH ROW EXECUTE FUNCTION task_status_count_track()`,
};
