import { type Kysely, sql } from 'kysely';

/**
 * Task templates (issue 43, docs/product.md#templates): a project's saved tasks to start new ones
 * from. Each holds a name (unique in its project, case aside), a title pattern, the task's content,
 * checklist texts, sub-task titles, label ids, a priority, an estimate and custom field values
 * (field id → value). Label and field ids are not foreign keys: what was removed since is left out
 * when a task is made from the template. The ready templates live in
 * packages/shared/src/task-template-schemas.ts, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_template (
      template_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
      title_pattern text NOT NULL CHECK (char_length(title_pattern) BETWEEN 1 AND 200),
      content_json jsonb NOT NULL,
      checklist jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(checklist) = 'array'),
      subtasks jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(subtasks) = 'array'),
      label_ids jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(label_ids) = 'array'),
      priority text NOT NULL DEFAULT 'NONE'
        CHECK (priority IN ('URGENT', 'HIGH', 'MEDIUM', 'LOW', 'NONE')),
      estimate text,
      custom_values jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(custom_values) = 'object'),
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX task_template_name_idx ON task_template (project_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE task_template`.execute(db);
}
