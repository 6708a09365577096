/** The function figgle_person_name: its full current text, applied when it changes (db/database-functions.ts). */
export const figglePersonName = {
  name: 'function figgle_person_name',
  text: `CREATE OR REPLACE FUNCTION public.figgle_person_name(p_user uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
      SELECT nullif(trim(app_user.firstname || ' ' || app_user.lastname), '')
      FROM app_user WHERE app_user.user_id = p_user
    $function$`,
};
