/** The trigger auth_user_write_notice on auth_user: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerAuthUserWriteNotice = {
  name: 'trigger auth_user_write_notice on auth_user',
  text: `CREATE OR REPLACE TRIGGER auth_user_write_notice AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.auth_user FOR EACH STATEMENT EXECUTE FUNCTION figgle_notice_session_write()`,
};
