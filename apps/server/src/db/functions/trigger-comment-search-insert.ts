/** The trigger comment_search_insert on comment: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerCommentSearchInsert = {
  name: 'trigger comment_search_insert on comment',
  text: `CREATE OR REPLACE TRIGGER comment_search_insert AFTER INSERT ON public.comment REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION figgle_comment_search_insert()`,
};
