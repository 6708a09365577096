/** The trigger project_status_category_changed on project_status: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerProjectStatusCategoryChanged = {
  name: 'trigger project_status_category_changed on project_status',
  text: `CREATE OR REPLACE TRIGGER project_status_category_changed AFTER UPDATE OF category ON public.project_status FOR EACH ROW WHEN ((old.category IS DISTINCT FROM new.category)) EXECUTE FUNCTION figgle_status_category_changed()`,
};
