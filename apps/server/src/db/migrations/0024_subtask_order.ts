import { type Kysely, sql } from 'kysely';

/**
 * Issue 42: a parent's sub-tasks keep the order people give them (by drag or by keyboard on the
 * task page). `subtask_position` counts from 1 among the live sub-tasks of one parent; a task placed
 * under a parent goes last, and a reorder numbers them all again (features/tasks/commands/
 * move-subtask.ts). Sub-tasks placed before this migration have none and come after those that do,
 * in the order they were made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task ADD COLUMN subtask_position integer CHECK (subtask_position > 0);
    DROP INDEX task_parent_idx;
    CREATE INDEX task_parent_idx ON task (parent_id, subtask_position) WHERE parent_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX task_parent_idx;
    CREATE INDEX task_parent_idx ON task (parent_id) WHERE parent_id IS NOT NULL;
    ALTER TABLE task DROP COLUMN subtask_position;
  `.execute(db);
}
