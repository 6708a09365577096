import { type Kysely, sql } from 'kysely';

/**
 * Outgoing webhooks (docs/product.md#webhooks). An owner registers a URL and the events it wants;
 * each event queues one `webhook_delivery` job per matching active webhook, in the transaction of the
 * change itself (triggers below), so a crash after the commit loses no delivery and every path that
 * writes a task, a comment or a Figma event (commands, the one-statement task function, the Figma
 * worker) sends without knowing about webhooks.
 *
 * The body is a snapshot taken at the change, stored with the job: a task moved twice sends where it
 * went each time, not twice where it ended. An organization without an active webhook pays one index
 * probe per changed row (the EXISTS first thing in each trigger function).
 *
 * webhook.secret_encrypted: the signing secret, AES-256-GCM with a key derived from SECRET (the
 * worker must read it to sign, so it cannot be hashed); the owner sees it once, at creation.
 * webhook_delivery: one row per attempt (the log), its response cut to 1 KB.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook (
      webhook_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      url text NOT NULL CHECK (char_length(url) <= 2048),
      events text[] NOT NULL CHECK (cardinality(events) >= 1),
      secret_encrypted text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_by uuid REFERENCES app_user (user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_organization_idx ON webhook (organization_id, created_at);
    CREATE INDEX webhook_active_idx ON webhook (organization_id) WHERE active;

    CREATE TABLE webhook_delivery (
      attempt_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      delivery_id uuid NOT NULL,
      webhook_id uuid NOT NULL REFERENCES webhook ON DELETE CASCADE,
      event text NOT NULL CHECK (char_length(event) <= 50),
      payload jsonb NOT NULL,
      attempt integer NOT NULL CHECK (attempt >= 1),
      outcome text NOT NULL CHECK (outcome IN ('succeeded', 'retrying', 'failed')),
      status_code integer,
      response_excerpt text CHECK (char_length(response_excerpt) <= 1024),
      error text CHECK (char_length(error) <= 500),
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_delivery_log_idx ON webhook_delivery (webhook_id, created_at DESC);

    CREATE FUNCTION figgle_enqueue_webhooks(org uuid, event text, data jsonb) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      SELECT 'webhook_delivery', org, gen_random_uuid()::text,
        jsonb_build_object('webhook_id', webhook.webhook_id, 'event', event,
          'occurred_at', to_jsonb(clock_timestamp()), 'data', data)
      FROM webhook
      WHERE webhook.organization_id = org AND webhook.active AND event = ANY (webhook.events)
    $$;

    CREATE FUNCTION figgle_webhook_task_json(t task, org uuid) RETURNS jsonb
    LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object('task_id', t.task_id, 'organization_id', org, 'project_id', t.project_id,
        'reference', t.reference, 'title', t.title, 'status', t.status, 'assignee_id', t.assignee_id,
        'priority', t.priority, 'due_on', to_char(t.due_on, 'YYYY-MM-DD'), 'due_at', t.due_at,
        'created_at', t.created_at, 'updated_at', t.updated_at)
    $$;

    CREATE FUNCTION figgle_webhook_task_event() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      org uuid;
      event text;
      extra jsonb := '{}';
      changed text[] := '{}';
    BEGIN
      SELECT project.organization_id INTO org
      FROM project
      WHERE project.project_id = NEW.project_id
        AND EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = project.organization_id AND webhook.active);
      IF org IS NULL THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        event := 'task.created';
      ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
        event := 'task.deleted';
      ELSIF NEW.deleted_at IS NOT NULL THEN
        RETURN NULL;
      ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.rank IS DISTINCT FROM OLD.rank THEN
        event := 'task.moved';
        extra := jsonb_build_object('previous_status', OLD.status);
      ELSE
        event := 'task.updated';
        IF NEW.title IS DISTINCT FROM OLD.title THEN changed := array_append(changed, 'title'); END IF;
        IF NEW.content_json IS DISTINCT FROM OLD.content_json THEN changed := array_append(changed, 'description'); END IF;
        IF NEW.assignee_id IS DISTINCT FROM OLD.assignee_id THEN changed := array_append(changed, 'assignee'); END IF;
        IF NEW.due_on IS DISTINCT FROM OLD.due_on OR NEW.due_at IS DISTINCT FROM OLD.due_at THEN
          changed := array_append(changed, 'due');
        END IF;
        IF NEW.priority IS DISTINCT FROM OLD.priority THEN changed := array_append(changed, 'priority'); END IF;
        extra := jsonb_build_object('changed', to_jsonb(changed));
      END IF;
      PERFORM figgle_enqueue_webhooks(org, event,
        jsonb_build_object('task', figgle_webhook_task_json(NEW, org), 'actor_id',
          CASE WHEN TG_OP = 'INSERT' THEN NEW.author_id ELSE NEW.last_modified_by END) || extra);
      RETURN NULL;
    END;
    $$;
    -- Every change people see bumps version; a neighbour's rank spread by a move does not.
    CREATE TRIGGER task_webhook_created AFTER INSERT ON task
      FOR EACH ROW EXECUTE FUNCTION figgle_webhook_task_event();
    CREATE TRIGGER task_webhook_changed AFTER UPDATE ON task
      FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version)
      EXECUTE FUNCTION figgle_webhook_task_event();

    CREATE FUNCTION figgle_webhook_comment_event() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      org uuid;
    BEGIN
      SELECT project.organization_id INTO org
      FROM task
      JOIN project ON project.project_id = task.project_id
      WHERE task.task_id = NEW.task_id
        AND EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = project.organization_id AND webhook.active);
      IF org IS NULL THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_webhooks(org, 'comment.created', jsonb_build_object('comment',
        jsonb_build_object('comment_id', NEW.comment_id, 'task_id', NEW.task_id, 'organization_id', org,
          'author_id', NEW.author_id, 'author_name', NEW.author_name, 'content', NEW.content_json,
          'from_figma', NEW.figma_comment_id IS NOT NULL, 'created_at', NEW.created_at)));
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER comment_webhook_created AFTER INSERT ON comment
      FOR EACH ROW EXECUTE FUNCTION figgle_webhook_comment_event();

    CREATE FUNCTION figgle_webhook_figma_event() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM webhook WHERE webhook.organization_id = NEW.organization_id AND webhook.active) THEN
        RETURN NULL;
      END IF;
      PERFORM figgle_enqueue_webhooks(NEW.organization_id, 'figma_event.received', jsonb_build_object(
        'figma_event', jsonb_build_object('figma_event_id', NEW.figma_event_id,
          'organization_id', NEW.organization_id, 'kind', NEW.kind, 'figma_file_key', NEW.figma_file_key,
          'figma_file_name', NEW.figma_file_name, 'figma_comment_id', NEW.figma_comment_id,
          'triggered_by', NEW.figma_triggered_by, 'content', NEW.content, 'project_id', NEW.project_id,
          'task_id', NEW.task_id, 'created_at', NEW.created_at)));
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER figma_event_webhook_received AFTER INSERT ON figma_event
      FOR EACH ROW EXECUTE FUNCTION figgle_webhook_figma_event();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER figma_event_webhook_received ON figma_event;
    DROP FUNCTION figgle_webhook_figma_event();
    DROP TRIGGER comment_webhook_created ON comment;
    DROP FUNCTION figgle_webhook_comment_event();
    DROP TRIGGER task_webhook_changed ON task;
    DROP TRIGGER task_webhook_created ON task;
    DROP FUNCTION figgle_webhook_task_event();
    DROP FUNCTION figgle_webhook_task_json(task, uuid);
    DROP FUNCTION figgle_enqueue_webhooks(uuid, text, jsonb);
    DROP TABLE webhook_delivery;
    DROP TABLE webhook;
  `.execute(db);
}
