import { type Kysely, sql } from 'kysely';

/**
 * Who watches a task and what each person is told (the table contract is shared with the email
 * notifications: docs/product.md "For me"). Every change of a task's fields writes a log row in its
 * transaction, whichever path made it (figgle_change_task, labels, a new task, Figma), so one trigger
 * on log makes the assignee and the author watchers and fans the 'assignment' and 'change' rows out
 * to the watchers there. Comments and mentions are written by their commands, which parse the delta.
 * A row goes only to a person holding a rule in the task's organization at that moment, never to the
 * person who made the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_watcher (
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      -- false: the person turned watching off; automatic reasons (comment, assignment) do not turn
      -- it on again, a mention does.
      watching boolean NOT NULL DEFAULT true,
      reason text NOT NULL CHECK (reason IN ('author', 'assignee', 'commenter', 'mentioned', 'manual')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_id, user_id)
    );
    CREATE INDEX task_watcher_user_idx ON task_watcher (user_id);

    CREATE TABLE notification (
      notification_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      actor_id uuid REFERENCES app_user ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('mention', 'assignment', 'comment', 'change')),
      --   mention:    {"where": "comment" | "description", "commentId"?: uuid, "excerpt": text}
      --   assignment: {}
      --   comment:    {"commentId": uuid, "excerpt": text}
      --   change:     {"field", "from", "to", "fields"}: field is the log row's first change
      --               (status, title, assignee, due_date, priority, labels), from/to its values as
      --               a person reads them (an assignee's name, label names, a due day or instant),
      --               fields every field that event changed.
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    );
    CREATE INDEX notification_user_idx ON notification (user_id, created_at DESC);
    CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL;
    -- A task's deletion cascades here, and a command finds the rows its transaction wrote by task.
    CREATE INDEX notification_task_idx ON notification (task_id, created_at);

    -- The tasks there are: their authors and assignees watch them.
    INSERT INTO task_watcher (task_id, user_id, reason)
    SELECT task_id, author_id, 'author' FROM task WHERE author_id IS NOT NULL
    ON CONFLICT DO NOTHING;
    INSERT INTO task_watcher (task_id, user_id, reason)
    SELECT task_id, assignee_id, 'assignee' FROM task WHERE assignee_id IS NOT NULL
    ON CONFLICT DO NOTHING;

    -- A log row's metadata is JSON anyone may have written: a value that is no uuid names nobody.
    CREATE FUNCTION figgle_uuid_or_null(p_text text) RETURNS uuid
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN p_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN p_text::uuid END
    $$;

    CREATE FUNCTION figgle_person_name(p_user uuid) RETURNS text
    LANGUAGE sql STABLE AS $$
      SELECT nullif(trim(app_user.firstname || ' ' || app_user.lastname), '')
      FROM app_user WHERE app_user.user_id = p_user
    $$;

    -- One change of a log row's metadata (keyed as the log keys it) in the words of a notification.
    CREATE FUNCTION figgle_change_detail(p_metadata jsonb, p_key text) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
      change jsonb := p_metadata -> p_key;
    BEGIN
      IF p_key = 'assignee_id' THEN
        RETURN jsonb_build_object('field', 'assignee',
          'from', to_jsonb(figgle_person_name(figgle_uuid_or_null(change ->> 'old'))),
          'to', to_jsonb(figgle_person_name(figgle_uuid_or_null(change ->> 'new'))));
      ELSIF p_key = 'labels' AND jsonb_typeof(change -> 'old') = 'array'
        AND jsonb_typeof(change -> 'new') = 'array' THEN
        RETURN jsonb_build_object('field', 'labels',
          'from', (SELECT coalesce(jsonb_agg(label -> 'name'), '[]'::jsonb)
                   FROM jsonb_array_elements(change -> 'old') AS label),
          'to', (SELECT coalesce(jsonb_agg(label -> 'name'), '[]'::jsonb)
                 FROM jsonb_array_elements(change -> 'new') AS label));
      END IF;
      RETURN jsonb_build_object('field', CASE p_key WHEN 'due' THEN 'due_date' ELSE p_key END,
        'from', change -> 'old', 'to', change -> 'new');
    END $$;

    CREATE FUNCTION figgle_notify_from_log() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      assignee uuid;
      first_key text;
      detail jsonb;
    BEGIN
      IF NEW.type = 'CREATION' AND NEW.author_id IS NOT NULL THEN
        INSERT INTO task_watcher (task_id, user_id, reason) VALUES (NEW.task_id, NEW.author_id, 'author')
        ON CONFLICT DO NOTHING;
      END IF;
      IF jsonb_typeof(NEW.metadata) IS DISTINCT FROM 'object' THEN RETURN NULL; END IF;
      assignee := figgle_uuid_or_null(NEW.metadata -> 'assignee_id' ->> 'new');
      -- Only a member of the organization is made a watcher, or told.
      IF assignee IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rule
          WHERE rule.organization_id = NEW.organization_id AND rule.user_id = assignee) THEN
        assignee := NULL;
      END IF;
      IF assignee IS NOT NULL THEN
        -- An assignee who turned watching off stays off: being assigned is told by its own row.
        INSERT INTO task_watcher (task_id, user_id, reason) VALUES (NEW.task_id, assignee, 'assignee')
        ON CONFLICT DO NOTHING;
        INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind)
        SELECT assignee, NEW.organization_id, NEW.project_id, NEW.task_id, NEW.author_id, 'assignment'
        WHERE assignee IS DISTINCT FROM NEW.author_id;
      END IF;
      IF NEW.type = 'CREATION' THEN RETURN NULL; END IF;

      -- No watcher to tell (the usual case of a board move): nothing more to build.
      IF NOT EXISTS (SELECT 1 FROM task_watcher
                     WHERE task_watcher.task_id = NEW.task_id AND task_watcher.watching
                       AND task_watcher.user_id IS DISTINCT FROM NEW.author_id
                       AND task_watcher.user_id IS DISTINCT FROM assignee) THEN
        RETURN NULL;
      END IF;
      first_key := CASE NEW.type WHEN 'STATUS' THEN 'status' WHEN 'TITLE' THEN 'title'
        WHEN 'ASSIGNEE' THEN 'assignee_id' WHEN 'DUE_DATE' THEN 'due' WHEN 'PRIORITY' THEN 'priority'
        ELSE 'labels' END;
      IF NOT NEW.metadata ? first_key THEN RETURN NULL; END IF;
      detail := figgle_change_detail(NEW.metadata, first_key) || jsonb_build_object('fields',
        (SELECT jsonb_agg(CASE key WHEN 'assignee_id' THEN 'assignee' WHEN 'due' THEN 'due_date' ELSE key END
                          ORDER BY key)
         FROM jsonb_object_keys(NEW.metadata) AS key
         WHERE key IN ('status', 'title', 'assignee_id', 'due', 'priority', 'labels')));
      INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind, detail)
      SELECT task_watcher.user_id, NEW.organization_id, NEW.project_id, NEW.task_id, NEW.author_id,
        'change', detail
      FROM task_watcher
      JOIN rule ON rule.organization_id = NEW.organization_id AND rule.user_id = task_watcher.user_id
      WHERE task_watcher.task_id = NEW.task_id AND task_watcher.watching
        AND task_watcher.user_id IS DISTINCT FROM NEW.author_id
        AND task_watcher.user_id IS DISTINCT FROM assignee;
      RETURN NULL;
    END $$;

    CREATE TRIGGER log_notify AFTER INSERT ON log
      FOR EACH ROW WHEN (NEW.type IN ('STATUS', 'TITLE', 'ASSIGNEE', 'DUE_DATE', 'PRIORITY', 'LABELS', 'CREATION'))
      EXECUTE FUNCTION figgle_notify_from_log();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER log_notify ON log;
    DROP FUNCTION figgle_notify_from_log();
    DROP FUNCTION figgle_change_detail(jsonb, text);
    DROP FUNCTION figgle_person_name(uuid);
    DROP FUNCTION figgle_uuid_or_null(text);
    DROP TABLE notification;
    DROP TABLE task_watcher;
  `.execute(db);
}
