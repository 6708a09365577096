/** The function figgle_enqueue_done_reply: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleEnqueueDoneReply = {
  name: 'function figgle_enqueue_done_reply',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_done_reply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      root record;
    BEGIN
      SELECT figma_event.figma_event_id, figma_event.organization_id, figma_event.done_reply_at,
        organization.figma_reply_on_done INTO root
      FROM figma_event
      JOIN organization ON organization.organization_id = figma_event.organization_id
      WHERE figma_event.task_id = NEW.task_id AND figma_event.kind <> 'REPLY'
      ORDER BY figma_event.created_at ASC
      LIMIT 1;
      IF NOT FOUND OR root.done_reply_at IS NOT NULL OR NOT root.figma_reply_on_done THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_job('figma_reply', root.organization_id, root.figma_event_id::text,
        jsonb_build_object('task_id', NEW.task_id, 'figma_event_id', root.figma_event_id), now(), true);
      RETURN NULL;
    END;
    $function$`,
};
