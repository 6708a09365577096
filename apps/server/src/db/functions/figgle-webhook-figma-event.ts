/** The function figgle_webhook_figma_event: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleWebhookFigmaEvent = {
  name: 'function figgle_webhook_figma_event',
  text: `CREATE OR REPLACE FUNCTION public.figgle_webhook_figma_event()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = NEW.organization_id AND webhook.active) THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_webhooks(NEW.organization_id, 'figma_event.received', jsonb_build_object(
        'figma_event', jsonb_build_object('figma_event_id', NEW.figma_event_id,
          'organization_id', NEW.organization_id, 'kind', NEW.kind, 'figma_file_key', NEW.figma_file_key,
          'figma_file_name', NEW.figma_file_name, 'figma_comment_id', NEW.figma_comment_id,
          'triggered_by', NEW.figma_triggered_by, 'content', NEW.content, 'project_id', NEW.project_id,
          'task_id', NEW.task_id, 'created_at', NEW.created_at)));
      RETURN NULL;
    END;
    $function$`,
};
