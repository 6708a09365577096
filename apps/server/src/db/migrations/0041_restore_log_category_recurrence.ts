import { type Kysely, sql } from 'kysely';

/**
 * Two gaps of issue 43:
 *
 * - A restore from the trash (features/trash) writes a RESTORE line in the change log of each task
 *   it brings back ("restored the task from the trash"). The log's type check is rewritten from its
 *   current text, as migration 0036 did, so the types other migrations added stay allowed.
 * - A repeating task whose status becomes of the Done category because an owner changed the
 *   status's category (project settings: migration 0037's trigger rewrites task.status_category
 *   without touching task.status) gets its next occurrence too (decision 0022): a second trigger
 *   on task.status_category stores the same recurring_task job as migration 0034's does on a status
 *   change. The job's dedupe key and its check that the series is still on the task keep it to one
 *   occurrence, however often the category goes back and forth.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE
      definition text;
    BEGIN
      SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
        WHERE conname = 'log_type_check' AND conrelid = 'log'::regclass;
      IF position('''RESTORE''' IN definition) = 0 THEN
        ALTER TABLE log DROP CONSTRAINT log_type_check;
        EXECUTE 'ALTER TABLE log ADD CONSTRAINT log_type_check '
          || replace(definition, ']', ', ''RESTORE''::text]');
      END IF;
    END $$;

    CREATE TRIGGER task_category_recurring AFTER UPDATE OF status_category ON task
      FOR EACH ROW
      WHEN (NEW.status_category = 'done' AND OLD.status_category IS DISTINCT FROM 'done'
        AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.deleted_at IS NULL)
      EXECUTE FUNCTION figgle_enqueue_recurring_task();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER task_category_recurring ON task;
    DELETE FROM log WHERE type = 'RESTORE';
    DO $$
    DECLARE
      definition text;
    BEGIN
      SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
        WHERE conname = 'log_type_check' AND conrelid = 'log'::regclass;
      ALTER TABLE log DROP CONSTRAINT log_type_check;
      EXECUTE 'ALTER TABLE log ADD CONSTRAINT log_type_check '
        || replace(definition, ', ''RESTORE''::text', '');
    END $$;
  `.execute(db);
}
