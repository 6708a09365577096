/** The function figgle_add_default_statuses: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleAddDefaultStatuses = {
  name: 'function figgle_add_default_statuses',
  text: `CREATE OR REPLACE FUNCTION public.figgle_add_default_statuses(p_project uuid)
 RETURNS void
 LANGUAGE sql
AS $function$
      INSERT INTO project_status (project_id, key, name, color, category, position) VALUES
        (p_project, 'TODO', 'To Do', 'gray', 'unstarted', 0),
        (p_project, 'DOING', 'Doing', 'blue', 'started', 1),
        (p_project, 'DONE', 'Done', 'green', 'done', 2),
        (p_project, 'ARCHIVE', 'Archive', 'gray', 'canceled', 3)
      ON CONFLICT (project_id, key) DO NOTHING;
    $function$`,
};
