import { type Kysely, sql } from 'kysely';

/**
 * Issue 39: people edit and delete their own comments, and move a task to another project of its
 * organization. A comment remembers when it was last edited (the task page's "(edited)"); the change
 * log gains COMMENT_EDIT and COMMENT_DELETE lines (metadata { comment_id }) and MOVE lines (metadata
 * { project: { old, new } } with each project's id and name then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE comment ADD COLUMN edited_at timestamptz;

    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS', 'COMMENT_EDIT',
      'COMMENT_DELETE', 'MOVE'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM log WHERE type IN ('COMMENT_EDIT', 'COMMENT_DELETE', 'MOVE');
    ALTER TABLE log DROP CONSTRAINT log_type_check;
    ALTER TABLE log ADD CONSTRAINT log_type_check CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE',
      'CONTENT', 'COMMENT', 'CREATION', 'DUE_DATE', 'PRIORITY', 'LABELS'));
    ALTER TABLE comment DROP COLUMN edited_at;
  `.execute(db);
}
