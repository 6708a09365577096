import { type Kysely, sql } from 'kysely';

/**
 * Issue 42, breaking work down:
 * - a task may have a parent task of the same organization, possibly in another project, to any
 *   depth; cycles and other organizations are refused by the command that sets it
 *   (features/subtasks/commands/set-task-parent.ts), under a lock per organization, since a check
 *   constraint cannot see a chain. A parent deleted for good leaves its sub-tasks at the top level.
 * - relations between two tasks of one organization: 'blocks' (from blocks to), 'relates' and
 *   'duplicates' (from duplicates to); a task never relates to itself, and a pair holds each kind
 *   once.
 * - an estimate per task, from its project's scale: 'none', 'points' (1, 2, 3, 5, 8, 13) or 'tshirt'
 *   (XS, S, M, L, XL); stored as the scale's word for it.
 * - the change log gains PARENT (metadata { parent: { old, new } }), RELATION
 *   ({ relation: { kind, task_id, added } }) and ESTIMATE ({ estimate: { old, new } }) lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task ADD COLUMN parent_id uuid REFERENCES task (task_id) ON DELETE SET NULL;
    ALTER TABLE task ADD CONSTRAINT task_parent_not_self CHECK (parent_id IS DISTINCT FROM task_id);
    CREATE INDEX task_parent_idx ON task (parent_id) WHERE parent_id IS NOT NULL;

    ALTER TABLE task ADD COLUMN estimate text
      CHECK (estimate IS NULL OR estimate IN ('1', '2', '3', '5', '8', '13', 'XS', 'S', 'M', 'L', 'XL'));
    ALTER TABLE project ADD COLUMN estimate_scale text NOT NULL DEFAULT 'none'
      CHECK (estimate_scale IN ('none', 'points', 'tshirt'));

    CREATE TABLE task_relation (
      relation_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization (organization_id) ON DELETE CASCADE,
      from_task_id uuid NOT NULL REFERENCES task (task_id) ON DELETE CASCADE,
      to_task_id uuid NOT NULL REFERENCES task (task_id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('blocks', 'relates', 'duplicates')),
      created_by uuid REFERENCES app_user (user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_task_id <> to_task_id),
      UNIQUE (from_task_id, to_task_id, kind)
    );
    CREATE INDEX task_relation_to_idx ON task_relation (to_task_id);

    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE', 'PARENT', 'RELATION', 'ESTIMATE'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM log WHERE type IN ('PARENT', 'RELATION', 'ESTIMATE');
    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE'));
    DROP TABLE task_relation;
    ALTER TABLE project DROP COLUMN estimate_scale;
    ALTER TABLE task DROP COLUMN estimate;
    ALTER TABLE task DROP COLUMN parent_id;
  `.execute(db);
}
