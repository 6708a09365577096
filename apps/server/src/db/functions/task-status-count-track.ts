/** The function task_status_count_track: its full current text, applied when it changes (db/database-functions.ts). */
export const taskStatusCountTrack = {
  name: 'function task_status_count_track',
  text: `CREATE OR REPLACE FUNCTION public.task_status_count_track()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      -- A move touches two counts: always lock them in key order, so two moves the other way round
      -- in one project cannot deadlock.
      IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL THEN
        IF (OLD.project_id, OLD.status) < (NEW.project_id, NEW.status) THEN
          PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
          PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
        ELSE
          PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
          PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
        END IF;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
        PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
        PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
      END IF;
      RETURN NULL;
    END $function$`,
};
