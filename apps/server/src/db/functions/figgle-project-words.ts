/** The function figgle_project_words: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleProjectWords = {
  name: 'function figgle_project_words',
  text: `CREATE OR REPLACE FUNCTION public.figgle_project_words()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      PERFORM figgle_remember_words(NEW.project_id, NEW.search_vector);
      RETURN NULL;
    END $function$`,
};
