/** The function figgle_task_status_category: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleTaskStatusCategory = {
  name: 'function figgle_task_status_category',
  text: `CREATE OR REPLACE FUNCTION public.figgle_task_status_category()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      found_category text;
      old_category text;
    BEGIN
      SELECT project_status.category INTO found_category FROM project_status
      WHERE project_status.project_id = NEW.project_id AND project_status.key = NEW.status;
      IF NOT FOUND AND TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id
        AND NEW.status = OLD.status THEN
        -- Moved to another project without a status of this key: the same category there, else its first.
        SELECT project_status.category INTO old_category FROM project_status
        WHERE project_status.project_id = OLD.project_id AND project_status.key = OLD.status;
        SELECT project_status.key, project_status.category INTO NEW.status, found_category
        FROM project_status WHERE project_status.project_id = NEW.project_id
        ORDER BY (project_status.category = old_category) DESC, project_status.position, project_status.key
        LIMIT 1;
      END IF;
      IF NOT FOUND AND TG_OP = 'INSERT' AND NEW.status = 'TODO' THEN
        -- The default status of a new task, in a project that removed To Do: its first open status.
        SELECT project_status.key, project_status.category INTO NEW.status, found_category
        FROM project_status WHERE project_status.project_id = NEW.project_id
        ORDER BY project_status.category IN ('done', 'canceled'), project_status.position, project_status.key
        LIMIT 1;
      END IF;
      IF found_category IS NULL THEN
        RAISE EXCEPTION 'figgle_unknown_status' USING ERRCODE = '23514',
          DETAIL = format('The project has no status %s.', NEW.status);
      END IF;
      NEW.status_category := found_category;
      RETURN NEW;
    END $function$`,
};
