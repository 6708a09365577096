/** The trigger task_status_recurring on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusRecurring = {
  name: 'trigger task_status_recurring on task',
  text: `CREATE OR REPLACE TRIGGER task_status_recurring AFTER UPDATE OF status ON public.task FOR EACH ROW WHEN (((new.status IS DISTINCT FROM old.status) AND (new.deleted_at IS NULL))) EXECUTE FUNCTION figgle_enqueue_recurring_task()`,
};
