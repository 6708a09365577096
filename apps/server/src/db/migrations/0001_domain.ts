import { type Kysely, sql } from 'kysely';

/**
 * The whole domain of both spec documents. Authentication tables (better-auth's) live apart,
 * prefixed auth_; app_user links to them by auth_user_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE app_user (
      user_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      auth_user_id text NOT NULL UNIQUE,
      email text NOT NULL,
      firstname text NOT NULL DEFAULT '' CHECK (char_length(firstname) <= 100),
      lastname text NOT NULL DEFAULT '' CHECK (char_length(lastname) <= 100),
      needs_onboarding boolean NOT NULL DEFAULT true,
      color_scheme text NOT NULL DEFAULT 'auto' CHECK (color_scheme IN ('auto', 'light', 'dark')),
      figma_token_encrypted text,
      figma_token_redacted text,
      inbox_seen_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX app_user_email_idx ON app_user (lower(email));

    CREATE TABLE organization (
      organization_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
      figma_team_id text CHECK (figma_team_id ~ '^[0-9]{1,40}$'),
      figma_webhook_id text,
      figma_webhook_passcode text,
      figma_reply_on_done boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organization_webhook_idx ON organization (figma_webhook_id) WHERE figma_webhook_id IS NOT NULL;

    CREATE TABLE rule (
      rule_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('OWNER', 'MEMBER')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, user_id)
    );
    CREATE INDEX rule_user_idx ON rule (user_id);

    CREATE TABLE invitation (
      invitation_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      email text NOT NULL,
      firstname text NOT NULL,
      lastname text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES app_user ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE project (
      project_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
      trigram text NOT NULL CHECK (trigram ~ '^[A-Za-z0-9]{3}$'),
      emoji text NOT NULL DEFAULT 'fox' CHECK (emoji IN ('fox', 'octopus', 'alien', 'seeding', 'fish')),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
      default_view text NOT NULL DEFAULT 'LIST' CHECK (default_view IN ('LIST', 'KANBAN')),
      last_reference integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX project_organization_idx ON project (organization_id, created_at) WHERE deleted_at IS NULL;

    CREATE TABLE bookmark (
      user_id uuid NOT NULL REFERENCES app_user ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, project_id)
    );

    -- rank is a fractional-indexing key: compared byte-wise, hence COLLATE "C".
    CREATE TABLE task (
      task_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      reference integer NOT NULL CHECK (reference > 0),
      title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 500),
      status text NOT NULL DEFAULT 'TODO' CHECK (status IN ('TODO', 'DOING', 'DONE', 'ARCHIVE')),
      rank text COLLATE "C" NOT NULL,
      author_id uuid REFERENCES app_user ON DELETE SET NULL,
      author_name text NOT NULL DEFAULT '',
      assignee_id uuid REFERENCES app_user ON DELETE SET NULL,
      last_modified_by uuid REFERENCES app_user ON DELETE SET NULL,
      content_json jsonb NOT NULL DEFAULT '{"ops":[{"insert":"\\n"}]}',
      is_from_figma boolean NOT NULL DEFAULT false,
      figma_client_meta jsonb,
      comments_total integer NOT NULL DEFAULT 0 CHECK (comments_total >= 0),
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      UNIQUE (project_id, reference)
    );
    CREATE INDEX task_board_idx ON task (project_id, status, rank) WHERE deleted_at IS NULL;
    CREATE INDEX task_assignee_idx ON task (assignee_id, status) WHERE deleted_at IS NULL;

    CREATE TABLE comment (
      comment_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      author_id uuid REFERENCES app_user ON DELETE SET NULL,
      author_name text NOT NULL DEFAULT '',
      content_json jsonb NOT NULL,
      figma_comment_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX comment_task_idx ON comment (task_id, created_at);

    -- organization_id and project_id are copied from the task so the inbox reads one index.
    CREATE TABLE log (
      log_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      task_id uuid NOT NULL REFERENCES task ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      author_id uuid REFERENCES app_user ON DELETE SET NULL,
      type text NOT NULL CHECK (type IN ('STATUS', 'TITLE', 'ASSIGNEE', 'CONTENT', 'COMMENT', 'CREATION')),
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX log_task_idx ON log (task_id, created_at);
    CREATE INDEX log_inbox_idx ON log (organization_id, created_at DESC);

    CREATE TABLE file (
      file_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      figma_file_id text NOT NULL CHECK (figma_file_id ~ '^[A-Za-z0-9]{10,128}$'),
      project_id uuid NOT NULL REFERENCES project ON DELETE CASCADE,
      name text NOT NULL DEFAULT 'Figma File' CHECK (char_length(name) <= 300),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX file_figma_idx ON file (figma_file_id) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX file_link_unique_idx ON file (figma_file_id, project_id) WHERE deleted_at IS NULL;

    CREATE TABLE figma_event (
      figma_event_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      figma_event_type text NOT NULL,
      figma_comment_id text NOT NULL,
      figma_parent_id text,
      figma_file_key text NOT NULL,
      figma_file_name text NOT NULL DEFAULT '',
      figma_triggered_by text NOT NULL DEFAULT '',
      kind text NOT NULL CHECK (kind IN ('TASK', 'REPLY', 'COMMENT')),
      figma_client_meta jsonb,
      content text NOT NULL DEFAULT '',
      project_id uuid REFERENCES project ON DELETE SET NULL,
      task_id uuid REFERENCES task ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, figma_comment_id)
    );
    CREATE INDEX figma_event_radar_idx ON figma_event (organization_id, created_at DESC);

    CREATE TABLE upload (
      upload_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      path text NOT NULL UNIQUE,
      folder text NOT NULL,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      uploaded_by uuid REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE upload, figma_event, file, log, comment, task, bookmark, project, invitation, rule,
      organization, app_user;
  `.execute(db);
}
