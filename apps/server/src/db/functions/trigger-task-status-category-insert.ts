/** The trigger task_status_category_insert on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusCategoryInsert = {
  name: 'trigger task_status_category_insert on task',
  text: `CREATE OR REPLACE TRIGGER task_status_category_insert BEFORE INSERT ON public.task FOR EACH ROW EXECUTE FUNCTION figgle_task_status_category()`,
};
