import { type Kysely, sql } from 'kysely';

/**
 * The Figma "Ready for dev" rule may move tasks to any status of the project (issue 43: every picker
 * on the project's statuses), such as a custom "In review". Migration 0030 limited
 * project.figma_ready_status to the first three keys with a CHECK; it goes. The rule is still checked
 * when set (a status of the project, not of the Canceled category: set-ready-rule.ts), and removing a
 * status turns off a rule that names it (delete-project-status.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE
      found text;
    BEGIN
      SELECT conname INTO found FROM pg_constraint
        WHERE conrelid = 'project'::regclass AND contype = 'c'
          AND pg_get_constraintdef(oid) LIKE '%figma_ready_status%';
      IF found IS NOT NULL THEN
        EXECUTE format('ALTER TABLE project DROP CONSTRAINT %I', found);
      END IF;
    END $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE project SET figma_ready_status = NULL, figma_ready_rule_by = NULL
      WHERE figma_ready_status NOT IN ('TODO', 'DOING', 'DONE');
    ALTER TABLE project ADD CONSTRAINT project_figma_ready_status_check
      CHECK (figma_ready_status IN ('TODO', 'DOING', 'DONE'))
  `.execute(db);
}
