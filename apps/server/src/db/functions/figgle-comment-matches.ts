/** The function figgle_comment_matches: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleCommentMatches = {
  name: 'function figgle_comment_matches',
  text: `CREATE OR REPLACE FUNCTION public.figgle_comment_matches(p_query tsquery, p_projects uuid[], p_cap integer)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE ROWS 50
 SET enable_seqscan TO 'off'
 SET jit TO 'off'
AS $function$
      SELECT comment_id FROM comment_search
      WHERE vector @@ p_query AND project_id = ANY (p_projects)
      LIMIT p_cap
    $function$`,
};
