/** The trigger notification_emails on notification: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerNotificationEmails = {
  name: 'trigger notification_emails on notification',
  text: `CREATE OR REPLACE TRIGGER notification_emails AFTER INSERT ON public.notification REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION figgle_enqueue_notification_emails()`,
};
