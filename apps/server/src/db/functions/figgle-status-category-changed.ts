/** The function figgle_status_category_changed: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleStatusCategoryChanged = {
  name: 'function figgle_status_category_changed',
  text: `CREATE OR REPLACE FUNCTION public.figgle_status_category_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      UPDATE task SET status_category = NEW.category
      WHERE task.project_id = NEW.project_id AND task.status = NEW.key;
      RETURN NULL;
    END $function$`,
};
