import { type Kysely, sql } from 'kysely';

/**
 * Cycles (issue 44, docs/product.md#cycles): a project turns them on with a length of 1 to 4 weeks
 * and a first day of the week (cycle_setting). Cycles are rows, made ahead as needed, numbered from 1
 * in their project; a cycle runs from starts_on to the day before ends_on (UTC days). When it ends,
 * the rollover job moves its unfinished tasks to the next cycle and writes closed_at and the final
 * figures in the same transaction, so a cycle is closed once. A task is in at most one cycle, of its
 * own project: a task that moves to another project leaves its cycle (the trigger below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cycle_setting (
      project_id uuid PRIMARY KEY REFERENCES project ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT true,
      weeks integer NOT NULL CHECK (weeks BETWEEN 1 AND 4),
      week_start integer NOT NULL CHECK (week_start BETWEEN 0 AND 6),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE cycle (
      cycle_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      number integer NOT NULL CHECK (number >= 1),
      name text CHECK (char_length(name) BETWEEN 1 AND 100),
      starts_on date NOT NULL,
      ends_on date NOT NULL,
      closed_at timestamptz,
      final_scope integer,
      final_done integer,
      final_scope_points integer,
      final_done_points integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, number),
      CHECK (ends_on > starts_on)
    );
    CREATE INDEX cycle_project_dates_idx ON cycle (project_id, starts_on);

    ALTER TABLE task ADD COLUMN cycle_id uuid REFERENCES cycle ON DELETE SET NULL;
    CREATE INDEX task_cycle_idx ON task (cycle_id) WHERE cycle_id IS NOT NULL;

    CREATE FUNCTION figgle_leave_cycle_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.cycle_id := NULL;
      RETURN NEW;
    END $$;
    CREATE TRIGGER task_leaves_cycle_on_move BEFORE UPDATE OF project_id ON task
      FOR EACH ROW WHEN (NEW.project_id IS DISTINCT FROM OLD.project_id AND NEW.cycle_id IS NOT NULL)
      EXECUTE FUNCTION figgle_leave_cycle_on_move();

    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE', 'PARENT', 'RELATION', 'ESTIMATE', 'START_DATE', 'MILESTONE', 'CYCLE'));
    CREATE INDEX log_cycle_task_idx ON log (task_id, created_at) WHERE type = 'CYCLE';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM log WHERE type = 'CYCLE';
    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE', 'PARENT', 'RELATION', 'ESTIMATE', 'START_DATE', 'MILESTONE'));
    DROP TRIGGER task_leaves_cycle_on_move ON task;
    DROP FUNCTION figgle_leave_cycle_on_move();
    ALTER TABLE task DROP COLUMN cycle_id;
    DROP TABLE cycle;
    DROP TABLE cycle_setting;
  `.execute(db);
}
