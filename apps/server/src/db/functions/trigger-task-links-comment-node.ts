/** The trigger task_links_comment_node on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskLinksCommentNode = {
  name: 'trigger task_links_comment_node on task',
  text: `CREATE OR REPLACE TRIGGER task_links_comment_node AFTER INSERT ON public.task FOR EACH ROW WHEN ((new.figma_client_meta IS NOT NULL)) EXECUTE FUNCTION figgle_link_comment_node()`,
};
