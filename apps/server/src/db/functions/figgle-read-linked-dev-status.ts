/** The function figgle_read_linked_dev_status: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleReadLinkedDevStatus = {
  name: 'function figgle_read_linked_dev_status',
  text: `CREATE OR REPLACE FUNCTION public.figgle_read_linked_dev_status()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      PERFORM figgle_enqueue_job('figma_dev_status_read', NEW.organization_id, NEW.task_figma_node_id::text,
        jsonb_build_object('task_figma_node_id', NEW.task_figma_node_id));
      RETURN NULL;
    END $function$`,
};
