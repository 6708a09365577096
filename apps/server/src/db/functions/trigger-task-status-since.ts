/** The trigger task_status_since on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskStatusSince = {
  name: 'trigger task_status_since on task',
  text: `CREATE OR REPLACE TRIGGER task_status_since BEFORE UPDATE OF status ON public.task FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION figgle_stamp_status_since()`,
};
