/** The trigger task_webhook_created on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskWebhookCreated = {
  name: 'trigger task_webhook_created on task',
  text: `CREATE OR REPLACE TRIGGER task_webhook_created AFTER INSERT ON public.task FOR EACH ROW EXECUTE FUNCTION figgle_webhook_task_event()`,
};
