/** The function figgle_webhook_comment_event: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleWebhookCommentEvent = {
  name: 'function figgle_webhook_comment_event',
  text: `CREATE OR REPLACE FUNCTION public.figgle_webhook_comment_event()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      org uuid;
    BEGIN
      SELECT project.organization_id INTO org
      FROM task
      JOIN project ON project.project_id = task.project_id
      WHERE task.task_id = NEW.task_id
        AND EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = project.organization_id AND webhook.active);
      IF org IS NULL THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_webhooks(org, 'comment.created', jsonb_build_object('comment',
        jsonb_build_object('comment_id', NEW.comment_id, 'task_id', NEW.task_id, 'organization_id', org,
          'author_id', NEW.author_id, 'author_name', NEW.author_name, 'content', NEW.content_json,
          'from_figma', NEW.figma_comment_id IS NOT NULL, 'created_at', NEW.created_at)));
      RETURN NULL;
    END;
    $function$`,
};
