/** The trigger task_search_insert on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskSearchInsert = {
  name: 'trigger task_search_insert on task',
  text: `CREATE OR REPLACE TRIGGER task_search_insert AFTER INSERT ON public.task REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION figgle_task_search_insert()`,
};
