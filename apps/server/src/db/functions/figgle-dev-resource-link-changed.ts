/** The function figgle_dev_resource_link_changed: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleDevResourceLinkChanged = {
  name: 'function figgle_dev_resource_link_changed',
  text: `CREATE OR REPLACE FUNCTION public.figgle_dev_resource_link_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM figgle_enqueue_dev_resource(OLD.organization_id, OLD.task_id, OLD.file_key, OLD.node_id);
        RETURN NULL;
      END IF;
      IF NEW.source <> 'figma' THEN
        PERFORM figgle_enqueue_dev_resource(NEW.organization_id, NEW.task_id, NEW.file_key, NEW.node_id);
      END IF;
      PERFORM figgle_enqueue_job('figma_dev_resource_scan', NEW.organization_id, 'scan', '{}'::jsonb,
        now() + interval '10 minutes', true);
      RETURN NULL;
    END $function$`,
};
