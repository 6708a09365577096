/** The function figgle_project_default_statuses: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleProjectDefaultStatuses = {
  name: 'function figgle_project_default_statuses',
  text: `CREATE OR REPLACE FUNCTION public.figgle_project_default_statuses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      PERFORM figgle_add_default_statuses(NEW.project_id);
      RETURN NULL;
    END $function$`,
};
