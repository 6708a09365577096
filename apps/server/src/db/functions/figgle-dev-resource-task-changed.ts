/** The function figgle_dev_resource_task_changed: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleDevResourceTaskChanged = {
  name: 'function figgle_dev_resource_task_changed',
  text: `CREATE OR REPLACE FUNCTION public.figgle_dev_resource_task_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      link record;
    BEGIN
      FOR link IN
        SELECT organization_id, file_key, node_id FROM task_figma_node
        WHERE task_id = NEW.task_id
          AND (source <> 'figma' OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
      LOOP
        PERFORM figgle_enqueue_dev_resource(link.organization_id, NEW.task_id, link.file_key, link.node_id);
      END LOOP;
      RETURN NULL;
    END $function$`,
};
