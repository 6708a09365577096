import { type Kysely, sql } from 'kysely';

/**
 * import_run: one run of "Import" (docs/product.md#import). A file is received and read first
 * (state 'analysed': its format, what it holds, the mapping Figgle suggests); once the person confirms
 * the mapping it is 'queued' as a durable job (kind 'import', migration 0008) that writes the tasks in
 * short batches, each committing its tasks together with progress_done, so a restarted server goes on
 * from the last committed batch. file_digest (SHA-256 of the bytes) finds the same file imported before
 * in the organization, to ask before creating duplicates. problems lists the rows not imported, or
 * imported without a value, with why (the first 1,000; problems_total counts them all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_run (
      import_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organization ON DELETE CASCADE,
      project_id uuid REFERENCES project ON DELETE CASCADE,
      created_by uuid REFERENCES app_user ON DELETE SET NULL,
      format text NOT NULL CHECK (format IN ('trello', 'csv', 'figgle')),
      file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
      file_size bigint NOT NULL CHECK (file_size >= 0),
      file_digest text NOT NULL CHECK (file_digest ~ '^[0-9a-f]{64}$'),
      storage_path text NOT NULL,
      state text NOT NULL DEFAULT 'analysed'
        CHECK (state IN ('analysed', 'queued', 'running', 'done', 'failed')),
      analysis jsonb NOT NULL DEFAULT '{}',
      mapping jsonb,
      progress_done integer NOT NULL DEFAULT 0 CHECK (progress_done >= 0),
      progress_total integer NOT NULL DEFAULT 0 CHECK (progress_total >= 0),
      imported jsonb NOT NULL DEFAULT '{}',
      problems jsonb NOT NULL DEFAULT '[]',
      problems_total integer NOT NULL DEFAULT 0 CHECK (problems_total >= 0),
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX import_run_digest_idx ON import_run (organization_id, file_digest)
      WHERE state IN ('queued', 'running', 'done');
    CREATE INDEX import_run_project_idx ON import_run (project_id, created_at DESC);
    CREATE INDEX import_run_creator_idx ON import_run (created_by, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE import_run`.execute(db);
}
