/** The trigger task_done_figma_reply on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskDoneFigmaReply = {
  name: 'trigger task_done_figma_reply on task',
  text: `CREATE OR REPLACE TRIGGER task_done_figma_reply AFTER UPDATE OF status ON public.task FOR EACH ROW WHEN (((new.status_category = 'done'::text) AND (old.status_category IS DISTINCT FROM 'done'::text) AND (new.deleted_at IS NULL))) EXECUTE FUNCTION figgle_enqueue_done_reply()`,
};
