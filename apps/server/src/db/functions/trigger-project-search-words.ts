/** The trigger project_search_words on project: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerProjectSearchWords = {
  name: 'trigger project_search_words on project',
  text: `CREATE OR REPLACE TRIGGER project_search_words AFTER INSERT OR UPDATE OF name ON public.project FOR EACH ROW EXECUTE FUNCTION figgle_project_words()`,
};
