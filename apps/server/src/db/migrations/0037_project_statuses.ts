import { type Kysely, sql } from 'kysely';

/**
 * Statuses per project (issue 43, docs/product.md#statuses, decision 0047): each project has an
 * ordered list of statuses, each with a name, a colour and one of five categories. Every project,
 * old and new, starts with the four statuses Figgle always had, under the keys task.status always
 * held (TODO, DOING, DONE, ARCHIVE), so every task keeps its status and every count stays the same.
 *
 * - task.status stays the status's key (text). The CHECK on the four values goes; a trigger refuses
 *   a key the task's project has not (SQLSTATE 23514, message 'figgle_unknown_status'), and the
 *   commands answer it as a 400.
 * - task.status_category is the category of the task's status, kept by the same trigger and by one
 *   on project_status when a status changes category: "is it done?" reads it without a join.
 * - A new task given the default status (TODO) in a project without it takes the project's first
 *   open status.
 * - A task moved to another project keeps its key when that project has it, else takes the first
 *   status of the same category there, else the project's first status.
 * - The Figma reply on Done fires on the Done category.
 * - A new project gets the four default statuses from a trigger, so every way of making a project
 *   (the API, the import, a test's own insert) has them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE project_status (
      status_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      key text NOT NULL CHECK (key ~ '^[A-Z][A-Z0-9_]{0,39}$'),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
      color text NOT NULL,
      category text NOT NULL
        CHECK (category IN ('backlog', 'unstarted', 'started', 'done', 'canceled')),
      position integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, key)
    );
    CREATE UNIQUE INDEX project_status_name_idx ON project_status (project_id, lower(name));

    CREATE FUNCTION figgle_add_default_statuses(p_project uuid) RETURNS void LANGUAGE sql AS $$
      INSERT INTO project_status (project_id, key, name, color, category, position) VALUES
        (p_project, 'TODO', 'To Do', 'gray', 'unstarted', 0),
        (p_project, 'DOING', 'Doing', 'blue', 'started', 1),
        (p_project, 'DONE', 'Done', 'green', 'done', 2),
        (p_project, 'ARCHIVE', 'Archive', 'gray', 'canceled', 3)
      ON CONFLICT (project_id, key) DO NOTHING;
    $$;

    SELECT figgle_add_default_statuses(project_id) FROM project;

    CREATE FUNCTION figgle_project_default_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM figgle_add_default_statuses(NEW.project_id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_default_statuses AFTER INSERT ON project
      FOR EACH ROW EXECUTE FUNCTION figgle_project_default_statuses();

    ALTER TABLE task DROP CONSTRAINT task_status_check;
    ALTER TABLE task ADD COLUMN status_category text;
    UPDATE task SET status_category = CASE status WHEN 'TODO' THEN 'unstarted' WHEN 'DOING' THEN 'started'
      WHEN 'DONE' THEN 'done' ELSE 'canceled' END;
    ALTER TABLE task ALTER COLUMN status_category SET NOT NULL;
    CREATE INDEX task_assignee_category_idx ON task (assignee_id, status_category)
      WHERE deleted_at IS NULL;

    CREATE FUNCTION figgle_task_status_category() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      found_category text;
      old_category text;
    BEGIN
      SELECT project_status.category INTO found_category FROM project_status
      WHERE project_status.project_id = NEW.project_id AND project_status.key = NEW.status;
      IF NOT FOUND AND TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id
        AND NEW.status = OLD.status THEN
        -- Moved to another project without a status of this key: the same category there, else its first.
        SELECT project_status.category INTO old_category FROM project_status
        WHERE project_status.project_id = OLD.project_id AND project_status.key = OLD.status;
        SELECT project_status.key, project_status.category INTO NEW.status, found_category
        FROM project_status WHERE project_status.project_id = NEW.project_id
        ORDER BY (project_status.category = old_category) DESC, project_status.position, project_status.key
        LIMIT 1;
      END IF;
      IF NOT FOUND AND TG_OP = 'INSERT' AND NEW.status = 'TODO' THEN
        -- The default status of a new task, in a project that removed To Do: its first open status.
        SELECT project_status.key, project_status.category INTO NEW.status, found_category
        FROM project_status WHERE project_status.project_id = NEW.project_id
        ORDER BY project_status.category IN ('done', 'canceled'), project_status.position, project_status.key
        LIMIT 1;
      END IF;
      IF found_category IS NULL THEN
        RAISE EXCEPTION 'figgle_unknown_status' USING ERRCODE = '23514',
          DETAIL = format('The project has no status %s.', NEW.status);
      END IF;
      NEW.status_category := found_category;
      RETURN NEW;
    END $$;
    CREATE TRIGGER task_status_category_insert BEFORE INSERT ON task
      FOR EACH ROW EXECUTE FUNCTION figgle_task_status_category();
    CREATE TRIGGER task_status_category_update BEFORE UPDATE OF status, project_id ON task
      FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
      EXECUTE FUNCTION figgle_task_status_category();

    CREATE FUNCTION figgle_status_category_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE task SET status_category = NEW.category
      WHERE task.project_id = NEW.project_id AND task.status = NEW.key;
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_status_category_changed AFTER UPDATE OF category ON project_status
      FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
      EXECUTE FUNCTION figgle_status_category_changed();

    -- The Figma reply goes when a task reaches a status of the Done category, whatever its name.
    DROP TRIGGER task_done_figma_reply ON task;
    CREATE TRIGGER task_done_figma_reply AFTER UPDATE OF status ON task
      FOR EACH ROW
      WHEN (NEW.status_category = 'done' AND OLD.status_category IS DISTINCT FROM 'done'
        AND NEW.deleted_at IS NULL)
      EXECUTE FUNCTION figgle_enqueue_done_reply();

    -- The open tasks (Backlog, Unstarted, Started) by due day, and the Started ones by how long,
    -- for the remarkable tasks and the calendar, as migration 0012's indexes on the four keys.
    CREATE INDEX task_open_category_due_on_idx ON task (project_id, due_on)
      WHERE deleted_at IS NULL AND status_category IN ('backlog', 'unstarted', 'started')
        AND due_on IS NOT NULL;
    CREATE INDEX task_open_category_due_at_idx ON task (project_id, due_at)
      WHERE deleted_at IS NULL AND status_category IN ('backlog', 'unstarted', 'started')
        AND due_at IS NOT NULL;
    CREATE INDEX task_started_since_idx ON task (project_id, status_since)
      WHERE deleted_at IS NULL AND status_category = 'started';
  `.execute(db);
}

// No down: a database migrated back would hold tasks in statuses the four-value CHECK refuses.
