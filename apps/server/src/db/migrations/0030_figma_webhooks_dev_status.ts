import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, Figma both ways:
 * - figma_webhook: the organization's Figma webhooks, one per event type (Figma's Webhooks V2 take
 *   one event type each). They were one, FILE_COMMENT, in organization.figma_webhook_id, _passcode
 *   and _user_id: copied here, and those columns go.
 * - task_figma_node.dev_status: the linked node's Dev Mode status as Figma last told it (none,
 *   READY_FOR_DEV, COMPLETED), with dev_status_at, when Figma says it was set (an older delivery
 *   arriving late changes nothing).
 * - project.figma_ready_status: the project's rule "when a linked design becomes Ready for dev, move
 *   the task to …" (NULL: off), and figma_ready_rule_by, who set it.
 * - A node linked by any path (a comment, a paste, the plugin) has its status read from Figma by a
 *   durable job (kind figma_dev_status_read, one per link).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE figma_webhook (
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      event_type text NOT NULL
        CHECK (event_type IN ('FILE_COMMENT', 'DEV_MODE_STATUS_UPDATE', 'FILE_VERSION_UPDATE', 'FILE_UPDATE')),
      webhook_id text NOT NULL UNIQUE,
      passcode text NOT NULL,
      user_id uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, event_type)
    );

    INSERT INTO figma_webhook (organization_id, event_type, webhook_id, passcode, user_id)
    SELECT organization_id, 'FILE_COMMENT', figma_webhook_id, figma_webhook_passcode, figma_webhook_user_id
      FROM organization
     WHERE figma_webhook_id IS NOT NULL AND figma_webhook_passcode IS NOT NULL;

    DROP INDEX organization_webhook_idx;
    ALTER TABLE organization
      DROP COLUMN figma_webhook_id,
      DROP COLUMN figma_webhook_passcode,
      DROP COLUMN figma_webhook_user_id;

    ALTER TABLE task_figma_node
      ADD COLUMN dev_status text NOT NULL DEFAULT 'NONE'
        CHECK (dev_status IN ('NONE', 'READY_FOR_DEV', 'COMPLETED')),
      ADD COLUMN dev_status_at timestamptz;

    -- The rule moves tasks in the name of the person who set it (the log says who), while they may.
    ALTER TABLE project
      ADD COLUMN figma_ready_status text CHECK (figma_ready_status IN ('TODO', 'DOING', 'DONE')),
      ADD COLUMN figma_ready_rule_by uuid REFERENCES app_user ON DELETE SET NULL;

    CREATE FUNCTION figgle_read_linked_dev_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      VALUES ('figma_dev_status_read', NEW.organization_id, NEW.task_figma_node_id::text,
        jsonb_build_object('task_figma_node_id', NEW.task_figma_node_id))
      ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER task_figma_node_reads_dev_status AFTER INSERT ON task_figma_node
      FOR EACH ROW EXECUTE FUNCTION figgle_read_linked_dev_status();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER task_figma_node_reads_dev_status ON task_figma_node;
    DROP FUNCTION figgle_read_linked_dev_status();
    ALTER TABLE project DROP COLUMN figma_ready_status, DROP COLUMN figma_ready_rule_by;
    ALTER TABLE task_figma_node DROP COLUMN dev_status, DROP COLUMN dev_status_at;
    ALTER TABLE organization
      ADD COLUMN figma_webhook_id text,
      ADD COLUMN figma_webhook_passcode text,
      ADD COLUMN figma_webhook_user_id uuid REFERENCES app_user ON DELETE SET NULL;
    UPDATE organization SET figma_webhook_id = w.webhook_id, figma_webhook_passcode = w.passcode,
           figma_webhook_user_id = w.user_id
      FROM figma_webhook w
     WHERE w.organization_id = organization.organization_id AND w.event_type = 'FILE_COMMENT';
    CREATE INDEX organization_webhook_idx ON organization (figma_webhook_id) WHERE figma_webhook_id IS NOT NULL;
    DROP TABLE figma_webhook;
  `.execute(db);
}
