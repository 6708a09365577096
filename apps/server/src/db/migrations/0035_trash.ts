import { type Kysely, sql } from 'kysely';

/**
 * The trash (issue 43, docs/product.md#trash): a deleted task or project stays soft-deleted for 30
 * days, then the trash-purge job removes it for good. Each delete writes one trash_item: who deleted
 * it, when it goes for good (purge_at), and what a restore needs that the rows no longer hold
 * (`restore`: for a task, the ids of the tasks deleted with it and the relations the delete removed).
 * A task or project deleted before this migration has no trash_item: it stays soft-deleted as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task ADD COLUMN deleted_by uuid REFERENCES app_user (user_id) ON DELETE SET NULL;
    ALTER TABLE project ADD COLUMN deleted_by uuid REFERENCES app_user (user_id) ON DELETE SET NULL;

    CREATE TABLE trash_item (
      trash_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization (organization_id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('TASK', 'PROJECT')),
      project_id uuid NOT NULL REFERENCES project (project_id) ON DELETE CASCADE,
      task_id uuid REFERENCES task (task_id) ON DELETE CASCADE,
      deleted_by uuid REFERENCES app_user (user_id) ON DELETE SET NULL,
      deleted_at timestamptz NOT NULL,
      purge_at timestamptz NOT NULL,
      restore jsonb NOT NULL DEFAULT '{}',
      CHECK ((kind = 'TASK') = (task_id IS NOT NULL)),
      CHECK (purge_at > deleted_at)
    );
    CREATE UNIQUE INDEX trash_item_task_idx ON trash_item (task_id) WHERE task_id IS NOT NULL;
    CREATE UNIQUE INDEX trash_item_project_idx ON trash_item (project_id) WHERE kind = 'PROJECT';
    CREATE INDEX trash_item_organization_idx ON trash_item (organization_id, deleted_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE trash_item;
    ALTER TABLE project DROP COLUMN deleted_by;
    ALTER TABLE task DROP COLUMN deleted_by;
  `.execute(db);
}
