/** The function figgle_link_comment_node: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleLinkCommentNode = {
  name: 'function figgle_link_comment_node',
  text: `CREATE OR REPLACE FUNCTION public.figgle_link_comment_node()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      INSERT INTO task_figma_node (task_id, organization_id, file_key, node_id, source)
      SELECT NEW.task_id, project.organization_id, NEW.figma_client_meta->>'figma_file_key',
             NEW.figma_client_meta->>'node_id', 'comment'
        FROM project
       WHERE project.project_id = NEW.project_id
         AND NEW.figma_client_meta->>'figma_file_key' ~ '^[A-Za-z0-9]{10,128}$'
         AND NEW.figma_client_meta->>'node_id' ~ '^[A-Za-z0-9_:;-]{1,200}$'
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $function$`,
};
