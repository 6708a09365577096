/** The trigger task_webhook_changed on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskWebhookChanged = {
  name: 'trigger task_webhook_changed on task',
  text: `CREATE OR REPLACE TRIGGER task_webhook_changed AFTER UPDATE ON public.task FOR EACH ROW WHEN ((new.version IS DISTINCT FROM old.version)) EXECUTE FUNCTION figgle_webhook_task_event()`,
};
