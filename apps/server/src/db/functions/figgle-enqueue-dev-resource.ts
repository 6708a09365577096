/** The function figgle_enqueue_dev_resource: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleEnqueueDevResource = {
  name: 'function figgle_enqueue_dev_resource',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_dev_resource(org uuid, task uuid, file text, node text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    BEGIN
      -- An organization being deleted takes its links with it: nothing to enqueue for it.
      IF NOT EXISTS (SELECT 1 FROM organization WHERE organization_id = org) THEN
        RETURN;
      END IF;
      PERFORM figgle_enqueue_job('figma_dev_resource', org, task::text || ':' || md5(file || ':' || node),
        jsonb_build_object('task_id', task, 'file_key', file, 'node_id', node), now(), true);
    END $function$`,
};
