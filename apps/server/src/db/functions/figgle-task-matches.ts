/** The function figgle_task_matches: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleTaskMatches = {
  name: 'function figgle_task_matches',
  text: `CREATE OR REPLACE FUNCTION public.figgle_task_matches(p_query tsquery, p_projects uuid[], p_title_only boolean, p_cap integer)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE ROWS 50
 SET enable_seqscan TO 'off'
 SET jit TO 'off'
AS $function$
      SELECT task_id FROM (
        SELECT task_id FROM task_search
        WHERE p_title_only AND title_vector @@ p_query AND project_id = ANY (p_projects)
        UNION ALL
        SELECT task_id FROM task_search
        WHERE NOT p_title_only AND vector @@ p_query AND NOT title_vector @@ p_query
          AND project_id = ANY (p_projects)
      ) AS matches
      LIMIT p_cap
    $function$`,
};
