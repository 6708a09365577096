/** The trigger app_user_write_notice on app_user: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerAppUserWriteNotice = {
  name: 'trigger app_user_write_notice on app_user',
  text: `CREATE OR REPLACE TRIGGER app_user_write_notice AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.app_user FOR EACH STATEMENT EXECUTE FUNCTION figgle_notice_session_write()`,
};
