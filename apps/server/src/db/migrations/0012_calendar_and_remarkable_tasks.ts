import { type Kysely, sql } from 'kysely';

/**
 * A project may open on its calendar. The dashboard's Remarkable tasks need, without reading every
 * task of every project: the open tasks past their due date (two partial indexes, one per kind of
 * due date), how long a task has been in its status (status_since, stamped by a trigger whenever the
 * status changes, by figgle_change_task or anything else; filled from the change log for the tasks
 * there are), and the comments of the last days (a partial index of the COMMENT log lines).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE project DROP CONSTRAINT project_default_view_check;
    ALTER TABLE project ADD CONSTRAINT project_default_view_check
      CHECK (default_view IN ('LIST', 'KANBAN', 'CALENDAR'));

    ALTER TABLE task ADD COLUMN status_since timestamptz NOT NULL DEFAULT now();
    UPDATE task SET status_since = coalesce((
      SELECT max(log.created_at) FROM log
      WHERE log.task_id = task.task_id AND log.type IN ('STATUS', 'CREATION')
    ), task.created_at);

    -- The moment of the change: the task's own updated_at when the change wrote one (as
    -- figgle_change_task does, with the time its log line carries), else the transaction's.
    CREATE FUNCTION figgle_stamp_status_since() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      NEW.status_since := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER task_status_since BEFORE UPDATE OF status ON task
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION figgle_stamp_status_since();

    CREATE INDEX task_doing_since_idx ON task (project_id, status_since)
      WHERE deleted_at IS NULL AND status = 'DOING';
    CREATE INDEX task_open_due_on_idx ON task (project_id, due_on)
      WHERE deleted_at IS NULL AND status IN ('TODO', 'DOING') AND due_on IS NOT NULL;
    CREATE INDEX task_open_due_at_idx ON task (project_id, due_at)
      WHERE deleted_at IS NULL AND status IN ('TODO', 'DOING') AND due_at IS NOT NULL;
    CREATE INDEX log_comment_idx ON log (organization_id, created_at) INCLUDE (task_id)
      WHERE type = 'COMMENT';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX log_comment_idx;
    DROP INDEX task_open_due_at_idx;
    DROP INDEX task_open_due_on_idx;
    DROP INDEX task_doing_since_idx;
    DROP TRIGGER task_status_since ON task;
    DROP FUNCTION figgle_stamp_status_since();
    ALTER TABLE task DROP COLUMN status_since;

    UPDATE project SET default_view = 'LIST' WHERE default_view = 'CALENDAR';
    ALTER TABLE project DROP CONSTRAINT project_default_view_check;
    ALTER TABLE project ADD CONSTRAINT project_default_view_check CHECK (default_view IN ('LIST', 'KANBAN'));
  `.execute(db);
}
