/** The trigger log_notify on log: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerLogNotify = {
  name: 'trigger log_notify on log',
  text: `CREATE OR REPLACE TRIGGER log_notify AFTER INSERT ON public.log FOR EACH ROW WHEN ((new.type = ANY (ARRAY['STATUS'::text, 'TITLE'::text, 'ASSIGNEE'::text, 'DUE_DATE'::text, 'PRIORITY'::text, 'LABELS'::text, 'CREATION'::text]))) EXECUTE FUNCTION figgle_notify_from_log()`,
};
