/** The function figgle_notify_from_log: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleNotifyFromLog = {
  name: 'function figgle_notify_from_log',
  text: `CREATE OR REPLACE FUNCTION public.figgle_notify_from_log()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    DECLARE
      assignee uuid;
      first_key text;
      detail jsonb;
      told uuid[] := '{}';
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
        WITH inserted AS (
          INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind)
          SELECT assignee, NEW.organization_id, NEW.project_id, NEW.task_id, NEW.author_id, 'assignment'
          WHERE assignee IS DISTINCT FROM NEW.author_id
          RETURNING notification.user_id)
        SELECT told || array_agg(inserted.user_id) INTO told FROM inserted;
      END IF;
      -- Whom this row told is noted for the statement that wrote it (figgle_take_notified).
      PERFORM figgle_note_notified(NEW.task_id, told);
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
      WITH inserted AS (
        INSERT INTO notification (user_id, organization_id, project_id, task_id, actor_id, kind, detail)
        SELECT task_watcher.user_id, NEW.organization_id, NEW.project_id, NEW.task_id, NEW.author_id,
          'change', detail
        FROM task_watcher
        JOIN rule ON rule.organization_id = NEW.organization_id AND rule.user_id = task_watcher.user_id
        WHERE task_watcher.task_id = NEW.task_id AND task_watcher.watching
          AND task_watcher.user_id IS DISTINCT FROM NEW.author_id
          AND task_watcher.user_id IS DISTINCT FROM assignee
        RETURNING notification.user_id)
      SELECT array_agg(inserted.user_id) INTO told FROM inserted;
      PERFORM figgle_note_notified(NEW.task_id, told);
      RETURN NULL;
    END $function$`,
};
