/** The function figgle_enqueue_recurring_task: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleEnqueueRecurringTask = {
  name: 'function figgle_enqueue_recurring_task',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_recurring_task()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      series record;
    BEGIN
      SELECT organization_id INTO series FROM task_recurrence WHERE task_id = NEW.task_id;
      IF NOT FOUND THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_job('recurring_task', series.organization_id, NEW.task_id::text,
        jsonb_build_object('task_id', NEW.task_id, 'changed_at', now()), now(), true);
      RETURN NULL;
    END;
    $function$`,
};
