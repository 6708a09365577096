/** The trigger auth_session_write_notice on auth_session: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerAuthSessionWriteNotice = {
  name: 'trigger auth_session_write_notice on auth_session',
  text: `CREATE OR REPLACE TRIGGER auth_session_write_notice AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.auth_session FOR EACH STATEMENT EXECUTE FUNCTION figgle_notice_session_write()`,
};
