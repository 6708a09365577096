/** The trigger comment_search_update on comment: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerCommentSearchUpdate = {
  name: 'trigger comment_search_update on comment',
  text: `CREATE OR REPLACE TRIGGER comment_search_update AFTER UPDATE OF content_json ON public.comment FOR EACH ROW WHEN ((old.content_json IS DISTINCT FROM new.content_json)) EXECUTE FUNCTION figgle_comment_search_update()`,
};
