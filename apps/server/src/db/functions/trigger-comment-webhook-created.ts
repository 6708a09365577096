/** The trigger comment_webhook_created on comment: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerCommentWebhookCreated = {
  name: 'trigger comment_webhook_created on comment',
  text: `CREATE OR REPLACE TRIGGER comment_webhook_created AFTER INSERT ON public.comment FOR EACH ROW EXECUTE FUNCTION figgle_webhook_comment_event()`,
};
