/** The trigger task_category_recurring on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskCategoryRecurring = {
  name: 'trigger task_category_recurring on task',
  text: `CREATE OR REPLACE TRIGGER task_category_recurring AFTER UPDATE OF status_category ON public.task FOR EACH ROW WHEN (((new.status_category = 'done'::text) AND (old.status_category IS DISTINCT FROM 'done'::text) AND (NOT (new.status IS DISTINCT FROM old.status)) AND (new.deleted_at IS NULL))) EXECUTE FUNCTION figgle_enqueue_recurring_task()`,
};
