import { type Kysely, sql } from 'kysely';

/**
 * What keeps the inbox and the dashboard fast on a long history (bench/inbox-dashboard.ts: 100,000
 * tasks, 500,000 log rows):
 * - task_status_count: live tasks per project and status, kept exact by triggers on task, so the
 *   dashboard's four counters add up a few rows per project instead of counting every task;
 * - log_inbox_idx carries project_id, so counting a week's activity per project reads only the index;
 * - two partial indexes hold just the CREATION logs and the changes to Done, for the weekly chart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_status_count (
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      status text NOT NULL,
      count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, status)
    );

    CREATE FUNCTION task_status_count_add(p_project uuid, p_status text, p_delta integer) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO task_status_count AS counted (project_id, status, count)
      VALUES (p_project, p_status, p_delta)
      ON CONFLICT (project_id, status) DO UPDATE SET count = counted.count + p_delta;
    END $$;

    CREATE FUNCTION task_status_count_track() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      -- A move touches two counts: always lock them in key order, so two moves the other way round
      -- in one project cannot deadlock.
      IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL THEN
        IF (OLD.project_id, OLD.status) < (NEW.project_id, NEW.status) THEN
          PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
          PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
        ELSE
          PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
          PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
        END IF;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
        PERFORM task_status_count_add(OLD.project_id, OLD.status, -1);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
        PERFORM task_status_count_add(NEW.project_id, NEW.status, 1);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER task_status_count_insert AFTER INSERT ON task
      FOR EACH ROW EXECUTE FUNCTION task_status_count_track();
    CREATE TRIGGER task_status_count_delete AFTER DELETE ON task
      FOR EACH ROW EXECUTE FUNCTION task_status_count_track();
    -- Most task writes (title, description, rank, version) leave the counts alone: no trigger call.
    CREATE TRIGGER task_status_count_update AFTER UPDATE ON task
      FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.project_id IS DISTINCT FROM NEW.project_id
        OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
      EXECUTE FUNCTION task_status_count_track();

    INSERT INTO task_status_count (project_id, status, count)
      SELECT project_id, status, count(*) FROM task WHERE deleted_at IS NULL GROUP BY project_id, status;

    DROP INDEX log_inbox_idx;
    CREATE INDEX log_inbox_idx ON log (organization_id, created_at DESC) INCLUDE (project_id);
    CREATE INDEX log_created_task_idx ON log (organization_id, created_at) INCLUDE (project_id)
      WHERE type = 'CREATION';
    CREATE INDEX log_completed_task_idx ON log (organization_id, created_at) INCLUDE (project_id)
      WHERE type = 'STATUS' AND (metadata->'status'->>'new') = 'DONE';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX log_completed_task_idx;
    DROP INDEX log_created_task_idx;
    DROP INDEX log_inbox_idx;
    CREATE INDEX log_inbox_idx ON log (organization_id, created_at DESC);
    DROP TRIGGER task_status_count_update ON task;
    DROP TRIGGER task_status_count_delete ON task;
    DROP TRIGGER task_status_count_insert ON task;
    DROP FUNCTION task_status_count_track();
    DROP FUNCTION task_status_count_add(uuid, text, integer);
    DROP TABLE task_status_count;
  `.execute(db);
}
