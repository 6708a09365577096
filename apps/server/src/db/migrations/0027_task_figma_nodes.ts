import { type Kysely, sql } from 'kysely';

/**
 * The Figma nodes a task links (issue 41): several per task, each from a Figma comment or the radar
 * ('comment'), pasted by a person or made by the plugin ('link'), or found as a dev resource in Figma
 * that points at the task ('figma'). Before this, a task had at most one node, in
 * task.figma_client_meta; those are copied here, and figma_client_meta stays as the record of the
 * comment the task came from. organization_id is copied from the task's project so that a Figma
 * delivery, which names only a file, finds its links with one index read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_figma_node (
      task_figma_node_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      file_key text NOT NULL CHECK (file_key ~ '^[A-Za-z0-9]{10,128}$'),
      node_id text NOT NULL CHECK (node_id ~ '^[A-Za-z0-9_:;-]{1,200}$'),
      source text NOT NULL CHECK (source IN ('comment', 'link', 'figma')),
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (task_id, file_key, node_id)
    );
    CREATE INDEX task_figma_node_file_idx ON task_figma_node (organization_id, file_key);

    INSERT INTO task_figma_node (task_id, organization_id, file_key, node_id, source, created_at)
    SELECT task.task_id, project.organization_id, task.figma_client_meta->>'figma_file_key',
           task.figma_client_meta->>'node_id', 'comment', task.created_at
      FROM task JOIN project USING (project_id)
     WHERE task.figma_client_meta->>'figma_file_key' ~ '^[A-Za-z0-9]{10,128}$'
       AND task.figma_client_meta->>'node_id' ~ '^[A-Za-z0-9_:;-]{1,200}$'
    ON CONFLICT DO NOTHING;

    -- A task made from a Figma comment (the webhook, the radar, an import) links the node the
    -- comment is pinned on, whichever code path inserted it.
    CREATE FUNCTION figgle_link_comment_node() RETURNS trigger LANGUAGE plpgsql AS $$
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
    END $$;
    CREATE TRIGGER task_links_comment_node AFTER INSERT ON task
      FOR EACH ROW WHEN (NEW.figma_client_meta IS NOT NULL)
      EXECUTE FUNCTION figgle_link_comment_node();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER task_links_comment_node ON task;
    DROP FUNCTION figgle_link_comment_node();
    DROP TABLE task_figma_node;
  `.execute(db);
}
