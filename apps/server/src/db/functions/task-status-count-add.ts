/** The function task_status_count_add: its full current text, applied when it changes (db/database-functions.ts). */
export const taskStatusCountAdd = {
  name: 'function task_status_count_add',
  text: `CREATE OR REPLACE FUNCTION public.task_status_count_add(p_project uuid, p_status text, p_delta integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    BEGIN
      INSERT INTO task_status_count AS counted (project_id, status, count)
      VALUES (p_project, p_status, p_delta)
      ON CONFLICT (project_id, status) DO UPDATE SET count = counted.count + p_delta;
    END $function$`,
};
