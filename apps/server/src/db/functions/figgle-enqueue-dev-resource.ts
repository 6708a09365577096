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
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      VALUES ('figma_dev_resource', org, task::text || ':' || md5(file || ':' || node),
        jsonb_build_object('task_id', task, 'file_key', file, 'node_id', node))
      ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
        SET state = 'pending', attempts = 0, run_at = now(), last_error = NULL, locked_by = NULL,
          locked_until = NULL, finished_at = NULL
        WHERE job.state IN ('done', 'failed');
    END $function$`,
};
