/** The function figgle_webhook_task_event: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleWebhookTaskEvent = {
  name: 'function figgle_webhook_task_event',
  text: `CREATE OR REPLACE FUNCTION public.figgle_webhook_task_event()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      org uuid;
      event text;
      extra jsonb := '{}';
      changed text[] := '{}';
    BEGIN
      SELECT project.organization_id INTO org
      FROM project
      WHERE project.project_id = NEW.project_id
        AND EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = project.organization_id AND webhook.active);
      IF org IS NULL THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        event := 'task.created';
      ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
        event := 'task.deleted';
      ELSIF NEW.deleted_at IS NOT NULL THEN
        RETURN NULL;
      ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.rank IS DISTINCT FROM OLD.rank THEN
        event := 'task.moved';
        extra := jsonb_build_object('previous_status', OLD.status);
      ELSE
        event := 'task.updated';
        IF NEW.title IS DISTINCT FROM OLD.title THEN changed := array_append(changed, 'title'); END IF;
        IF NEW.content_json IS DISTINCT FROM OLD.content_json THEN changed := array_append(changed, 'description'); END IF;
        IF NEW.assignee_id IS DISTINCT FROM OLD.assignee_id THEN changed := array_append(changed, 'assignee'); END IF;
        IF NEW.due_on IS DISTINCT FROM OLD.due_on OR NEW.due_at IS DISTINCT FROM OLD.due_at THEN
          changed := array_append(changed, 'due');
        END IF;
        IF NEW.priority IS DISTINCT FROM OLD.priority THEN changed := array_append(changed, 'priority'); END IF;
        extra := jsonb_build_object('changed', to_jsonb(changed));
      END IF;
      PERFORM figgle_enqueue_webhooks(org, event,
        jsonb_build_object('task', figgle_webhook_task_json(NEW, org), 'actor_id',
          CASE WHEN TG_OP = 'INSERT' THEN NEW.author_id ELSE NEW.last_modified_by END) || extra);
      RETURN NULL;
    END;
    $function$`,
};
