import { type Kysely, sql } from 'kysely';

/**
 * Custom fields (issue 43, docs/product.md#custom-fields): an organization defines fields (a name,
 * one of eight kinds, a number's unit, a select's options with colours), a project turns some on
 * (and chooses which its board cards show), and a task holds at most one value per field, as JSON
 * in the shape of its kind. Deleting a field or a task removes its values; a value of a field not
 * on in the task's project stays stored but is not shown. A change of value is logged as
 * CUSTOM_FIELD, with the field's name and the value in words as they were then.
 *
 * The log's type check is rewritten from its current text, so the types other migrations of this
 * release added before this one stay allowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE custom_field (
      field_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
      kind text NOT NULL CHECK (kind IN ('text', 'number', 'single_select', 'multi_select', 'date',
        'person', 'checkbox', 'url')),
      unit text CHECK (unit IS NULL OR char_length(unit) BETWEEN 1 AND 12),
      options jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(options) = 'array'),
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX custom_field_name_idx ON custom_field (organization_id, lower(name));

    CREATE TABLE project_custom_field (
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      field_id uuid NOT NULL REFERENCES custom_field ON DELETE CASCADE,
      on_card boolean NOT NULL DEFAULT false,
      PRIMARY KEY (project_id, field_id)
    );
    CREATE INDEX project_custom_field_field_idx ON project_custom_field (field_id);

    CREATE TABLE task_custom_value (
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      field_id uuid NOT NULL REFERENCES custom_field ON DELETE CASCADE,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_id, field_id)
    );
    CREATE INDEX task_custom_value_field_idx ON task_custom_value (field_id);

    DO $$
    DECLARE
      definition text;
    BEGIN
      SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
        WHERE conname = 'log_type_check' AND conrelid = 'log'::regclass;
      IF position('''CUSTOM_FIELD''' IN definition) = 0 THEN
        ALTER TABLE log DROP CONSTRAINT log_type_check;
        EXECUTE 'ALTER TABLE log ADD CONSTRAINT log_type_check '
          || replace(definition, ']', ', ''CUSTOM_FIELD''::text]');
      END IF;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM log WHERE type = 'CUSTOM_FIELD';
    DO $$
    DECLARE
      definition text;
    BEGIN
      SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
        WHERE conname = 'log_type_check' AND conrelid = 'log'::regclass;
      ALTER TABLE log DROP CONSTRAINT log_type_check;
      EXECUTE 'ALTER TABLE log ADD CONSTRAINT log_type_check '
        || replace(definition, ', ''CUSTOM_FIELD''::text', '');
    END $$;
    DROP TABLE task_custom_value;
    DROP TABLE project_custom_field;
    DROP TABLE custom_field;
  `.execute(db);
}
