import { type Kysely, sql } from 'kysely';

/**
 * "Design changed" (issue 41; features/figma-design-changes/). On a FILE_VERSION_UPDATE or
 * FILE_UPDATE delivery, Figgle renders the nodes a file's tasks link and compares each PNG's SHA-256
 * with the one the task's assignee last saw:
 * - seen_*: the image the assignee last saw (taken when the node was first rendered for a version, or
 *   when the assignee opened the task since);
 * - latest_*: the newest render, with the version it was rendered at, its name and author;
 * - design_changed_at: when that version was made, while it differs from the seen image; null once
 *   the assignee has opened the task (or when the newest render matches what they saw).
 * The images themselves are files (figma/image-cache.ts, one per file, node and version).
 *
 * A person is told with a notification of the kind 'design_changed', unless they turned it off
 * (notification_preference.design_changes). No email is sent for it: the email trigger of
 * migration 0014 names the kinds it mails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE task_figma_node
      ADD COLUMN seen_sha256 text CHECK (seen_sha256 ~ '^[0-9a-f]{64}$'),
      ADD COLUMN seen_version_id text CHECK (char_length(seen_version_id) <= 100),
      ADD COLUMN latest_sha256 text CHECK (latest_sha256 ~ '^[0-9a-f]{64}$'),
      ADD COLUMN latest_version_id text CHECK (char_length(latest_version_id) <= 100),
      ADD COLUMN latest_version_label text CHECK (char_length(latest_version_label) <= 300),
      ADD COLUMN latest_version_author text CHECK (char_length(latest_version_author) <= 200),
      ADD COLUMN latest_version_at timestamptz,
      ADD COLUMN design_changed_at timestamptz;

    ALTER TABLE notification DROP CONSTRAINT notification_kind_check;
    ALTER TABLE notification ADD CONSTRAINT notification_kind_check
      CHECK (kind IN ('mention', 'assignment', 'comment', 'change', 'design_changed'));

    ALTER TABLE notification_preference ADD COLUMN design_changes boolean NOT NULL DEFAULT true;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notification_preference DROP COLUMN design_changes;
    DELETE FROM notification WHERE kind = 'design_changed';
    ALTER TABLE notification DROP CONSTRAINT notification_kind_check;
    ALTER TABLE notification ADD CONSTRAINT notification_kind_check
      CHECK (kind IN ('mention', 'assignment', 'comment', 'change'));
    ALTER TABLE task_figma_node
      DROP COLUMN seen_sha256, DROP COLUMN seen_version_id, DROP COLUMN latest_sha256,
      DROP COLUMN latest_version_id, DROP COLUMN latest_version_label,
      DROP COLUMN latest_version_author, DROP COLUMN latest_version_at, DROP COLUMN design_changed_at;
  `.execute(db);
}
