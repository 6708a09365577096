/** The trigger project_default_statuses on project: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerProjectDefaultStatuses = {
  name: 'trigger project_default_statuses on project',
  text: `CREATE OR REPLACE TRIGGER project_default_statuses AFTER INSERT ON public.project FOR EACH ROW EXECUTE FUNCTION figgle_project_default_statuses()`,
};
