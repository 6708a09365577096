import { type Kysely, sql } from 'kysely';

/**
 * Milestones (issue 44, docs/product.md#milestones): per project, a name, a target day and a
 * description; a task belongs to at most one, of its own project. A task that moves to another
 * project leaves its milestone (the trigger below), so a milestone never counts another project's
 * task. Joining or leaving a milestone is logged as MILESTONE, with the names it had then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE milestone (
      milestone_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
      target_on date NOT NULL CHECK (target_on BETWEEN DATE '0001-01-01' AND DATE '9999-12-31'),
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX milestone_project_idx ON milestone (project_id, target_on);

    ALTER TABLE task ADD COLUMN milestone_id uuid REFERENCES milestone ON DELETE SET NULL;
    CREATE INDEX task_milestone_idx ON task (milestone_id) WHERE milestone_id IS NOT NULL;

    CREATE FUNCTION figgle_leave_milestone_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.milestone_id := NULL;
      RETURN NEW;
    END $$;
    CREATE TRIGGER task_leaves_milestone_on_move BEFORE UPDATE OF project_id ON task
      FOR EACH ROW WHEN (NEW.project_id IS DISTINCT FROM OLD.project_id AND NEW.milestone_id IS NOT NULL)
      EXECUTE FUNCTION figgle_leave_milestone_on_move();

    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE', 'PARENT', 'RELATION', 'ESTIMATE', 'START_DATE', 'MILESTONE'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM log WHERE type = 'MILESTONE';
    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE', 'PARENT', 'RELATION', 'ESTIMATE', 'START_DATE'));
    DROP TRIGGER task_leaves_milestone_on_move ON task;
    DROP FUNCTION figgle_leave_milestone_on_move();
    ALTER TABLE task DROP COLUMN milestone_id;
    DROP TABLE milestone;
  `.execute(db);
}
