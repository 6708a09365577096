import { type Kysely, sql } from 'kysely';

/**
 * Links back into Figma (issue 41): each node a task links carries a dev resource in Figma named
 * "WEB-12 Checkout redesign" that points at the task (docs/figma-api.md#dev-resources).
 *
 * task_figma_node keeps Figma's id of that dev resource, the name last written and how the last try
 * went (`dev_resource_state`: pending, linked, refused = Figma refused the token or edit access,
 * file_gone = Figma no longer finds the file, failed = another refusal, with its words in
 * dev_resource_error).
 *
 * One durable job per (task, file, node), kind 'figma_dev_resource', brings Figma in line with the
 * table: a link of a live task has exactly one dev resource with the task's address, anything else
 * has none. The triggers below store that job in the transaction of every change that concerns it,
 * whichever code path makes it: a link added or removed, a task renamed, moved (its key changes),
 * deleted or restored. Links found in Figma (source 'figma') already have their dev resource, made
 * by a person: a rename leaves its name alone. The key of the job hashes file and node so that it
 * stays within the job table's 200 characters.
 *
 * Links a person adds in Figma are read back by a per-organization job, 'figma_dev_resource_scan',
 * stored here when a link is added and run again every 10 minutes while the organization links any
 * node (features/figma-dev-resources/dev-resource-scan-job.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task_figma_node
      ADD COLUMN dev_resource_id text CHECK (char_length(dev_resource_id) <= 100),
      ADD COLUMN dev_resource_name text CHECK (char_length(dev_resource_name) <= 500),
      ADD COLUMN dev_resource_state text NOT NULL DEFAULT 'pending'
        CHECK (dev_resource_state IN ('pending', 'linked', 'refused', 'file_gone', 'failed')),
      ADD COLUMN dev_resource_error text CHECK (char_length(dev_resource_error) <= 500),
      ADD COLUMN dev_resource_synced_at timestamptz;

    CREATE FUNCTION figgle_enqueue_dev_resource(org uuid, task uuid, file text, node text)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- An organization being deleted takes its links with it: nothing to enqueue for it.
      IF NOT EXISTS (SELECT 1 FROM organization WHERE organization_id = org) THEN
        RETURN;
      END IF;
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      VALUES ('figma_dev_resource', org, task::text || ':' || md5(file || ':' || node),
        jsonb_build_object('task_id', task, 'file_key', file, 'node_id', node))
      ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
        SET state = 'pending', attempts = 0, run_at = now(), last_error = NULL, locked_by = NULL,
          locked_until = NULL, finished_at = NULL
        WHERE job.state IN ('done', 'failed');
    END $$;

    CREATE FUNCTION figgle_dev_resource_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM figgle_enqueue_dev_resource(OLD.organization_id, OLD.task_id, OLD.file_key, OLD.node_id);
        RETURN NULL;
      END IF;
      IF NEW.source <> 'figma' THEN
        PERFORM figgle_enqueue_dev_resource(NEW.organization_id, NEW.task_id, NEW.file_key, NEW.node_id);
      END IF;
      INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
      VALUES ('figma_dev_resource_scan', NEW.organization_id, 'scan', '{}'::jsonb,
        now() + interval '10 minutes')
      ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
        SET state = 'pending', attempts = 0, run_at = EXCLUDED.run_at, last_error = NULL,
          locked_by = NULL, locked_until = NULL, finished_at = NULL
        WHERE job.state IN ('done', 'failed');
      RETURN NULL;
    END $$;
    CREATE TRIGGER task_figma_node_dev_resource AFTER INSERT OR DELETE ON task_figma_node
      FOR EACH ROW EXECUTE FUNCTION figgle_dev_resource_link_changed();

    CREATE FUNCTION figgle_dev_resource_task_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      link record;
    BEGIN
      FOR link IN
        SELECT organization_id, file_key, node_id FROM task_figma_node
        WHERE task_id = NEW.task_id
          AND (source <> 'figma' OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
      LOOP
        PERFORM figgle_enqueue_dev_resource(link.organization_id, NEW.task_id, link.file_key, link.node_id);
      END LOOP;
      RETURN NULL;
    END $$;
    CREATE TRIGGER task_dev_resource_name AFTER UPDATE OF title, project_id, reference, deleted_at ON task
      FOR EACH ROW
      WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.project_id IS DISTINCT FROM NEW.project_id
        OR OLD.reference IS DISTINCT FROM NEW.reference OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
      EXECUTE FUNCTION figgle_dev_resource_task_changed();

    -- The links copied by migration 0027 get their dev resource too, and their organizations a scan.
    SELECT figgle_enqueue_dev_resource(link.organization_id, link.task_id, link.file_key, link.node_id)
      FROM task_figma_node AS link JOIN task ON task.task_id = link.task_id
     WHERE task.deleted_at IS NULL AND link.source <> 'figma';
    INSERT INTO job (kind, organization_id, dedupe_key, payload)
    SELECT DISTINCT 'figma_dev_resource_scan', organization_id, 'scan', '{}'::jsonb FROM task_figma_node
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER task_dev_resource_name ON task;
    DROP FUNCTION figgle_dev_resource_task_changed();
    DROP TRIGGER task_figma_node_dev_resource ON task_figma_node;
    DROP FUNCTION figgle_dev_resource_link_changed();
    DROP FUNCTION figgle_enqueue_dev_resource(uuid, uuid, text, text);
    ALTER TABLE task_figma_node
      DROP COLUMN dev_resource_id, DROP COLUMN dev_resource_name, DROP COLUMN dev_resource_state,
      DROP COLUMN dev_resource_error, DROP COLUMN dev_resource_synced_at;
  `.execute(db);
}
