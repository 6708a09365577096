import { type Kysely, sql } from 'kysely';

/**
 * Recurring tasks (issue 43, docs/product.md#recurring-tasks). A task that repeats has one
 * task_recurrence row: its RRULE (FREQ=DAILY or coarser, checked by the API), whether it counts from
 * the day of completion, the day the rule counts from, and the task's place in the series. The
 * organization's time zone (organization.time_zone, UTC until an owner sets it) turns completion
 * instants and due times into days and back.
 *
 * When the status of a repeating task changes, a trigger stores a recurring_task job in the same
 * transaction, so every way of changing a status (PATCH, a drag, a bulk change) does it. The job
 * (features/recurring-tasks/recurring-task-job.ts) asks whether the task is complete now and, in one
 * transaction, makes the next occurrence, moves the row to it and marks itself done: a crash before
 * the commit leaves nothing, a second run finds no row on the completed task. The job's dedupe key is
 * the task, so a status that changes back and forth makes one job at a time; a finished one is set
 * pending again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'
      CHECK (char_length(time_zone) BETWEEN 1 AND 64);

    CREATE TABLE task_recurrence (
      task_id uuid PRIMARY KEY REFERENCES task ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      rrule text NOT NULL CHECK (char_length(rrule) BETWEEN 1 AND 200),
      after_completion boolean NOT NULL DEFAULT false,
      starts_on date NOT NULL,
      occurrence integer NOT NULL DEFAULT 1 CHECK (occurrence >= 1),
      previous_task_id uuid REFERENCES task ON DELETE SET NULL,
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX task_recurrence_previous_idx ON task_recurrence (previous_task_id)
      WHERE previous_task_id IS NOT NULL;

    CREATE FUNCTION figgle_enqueue_recurring_task() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      series record;
    BEGIN
      SELECT organization_id INTO series FROM task_recurrence WHERE task_id = NEW.task_id;
      IF NOT FOUND THEN
        RETURN NULL;
      END IF;
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      VALUES ('recurring_task', series.organization_id, NEW.task_id::text,
        jsonb_build_object('task_id', NEW.task_id, 'changed_at', now()))
      ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
        SET state = 'pending', attempts = 0, run_at = now(), last_error = NULL, locked_by = NULL,
          locked_until = NULL, finished_at = NULL, payload = EXCLUDED.payload
        WHERE job.state IN ('done', 'failed');
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER task_status_recurring AFTER UPDATE OF status ON task
      FOR EACH ROW
      WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.deleted_at IS NULL)
      EXECUTE FUNCTION figgle_enqueue_recurring_task();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER task_status_recurring ON task;
    DROP FUNCTION figgle_enqueue_recurring_task();
    DROP TABLE task_recurrence;
    ALTER TABLE organization DROP COLUMN time_zone;
  `.execute(db);
}
