/** The trigger figma_event_webhook_received on figma_event: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerFigmaEventWebhookReceived = {
  name: 'trigger figma_event_webhook_received on figma_event',
  text: `CREATE OR REPLACE TRIGGER figma_event_webhook_received AFTER INSERT ON public.figma_event FOR EACH ROW EXECUTE FUNCTION figgle_webhook_figma_event()`,
};
