import { type Kysely, sql } from 'kysely';

/**
 * job: background work that must survive a crash (docs/decisions/0001-durable-jobs.md). A row is
 * written in the transaction of what asks for the work; workers in every server process claim due
 * rows with FOR UPDATE SKIP LOCKED and hold them for a lease (locked_until) they renew while working.
 * (kind, organization_id, dedupe_key) is unique: a Figma delivery sent again, or a second DONE of the
 * same task, finds the row already there.
 *
 * A task becoming DONE enqueues the "Done in Figgle" reply to its Figma thread in the same
 * transaction, by a trigger, so every way of changing a status (the one-statement functions, the
 * transactional commands, a board drag) does it without knowing about Figma. A reply that failed for
 * good, or was skipped, is queued again by the next DONE; one already sent (done_reply_at) is not.
 *
 * comment.figma_comment_id was unique across every organization: two organizations following the same
 * Figma team could not both keep a reply: the second found the first's comment and wrote none. It is
 * unique per task now, and the replies missed that way (a REPLY event pointing at a live task that has
 * no comment with its id) are written now, as the webhook would have: comment, count and log row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job (
      job_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,50}$'),
      organization_id uuid REFERENCES organization ON DELETE CASCADE,
      dedupe_key text NOT NULL CHECK (char_length(dedupe_key) <= 200),
      payload jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      run_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      locked_by text,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE NULLS NOT DISTINCT (kind, organization_id, dedupe_key)
    );
    CREATE INDEX job_due_idx ON job (run_at) WHERE state = 'pending';
    CREATE INDEX job_lease_idx ON job (locked_until) WHERE state = 'running';
    CREATE INDEX job_failed_idx ON job (organization_id, finished_at DESC) WHERE state = 'failed';

    CREATE FUNCTION figgle_enqueue_done_reply() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      root record;
    BEGIN
      SELECT figma_event.figma_event_id, figma_event.organization_id, figma_event.done_reply_at,
        organization.figma_reply_on_done INTO root
      FROM figma_event
      JOIN organization ON organization.organization_id = figma_event.organization_id
      WHERE figma_event.task_id = NEW.task_id AND figma_event.kind <> 'REPLY'
      ORDER BY figma_event.created_at ASC
      LIMIT 1;
      IF NOT FOUND OR root.done_reply_at IS NOT NULL OR NOT root.figma_reply_on_done THEN
        RETURN NULL;
      END IF;
      INSERT INTO job (kind, organization_id, dedupe_key, payload)
      VALUES ('figma_reply', root.organization_id, root.figma_event_id::text,
        jsonb_build_object('task_id', NEW.task_id, 'figma_event_id', root.figma_event_id))
      ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
        SET state = 'pending', attempts = 0, run_at = now(), last_error = NULL, locked_by = NULL,
          locked_until = NULL, finished_at = NULL, payload = EXCLUDED.payload
        WHERE job.state IN ('done', 'failed');
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER task_done_figma_reply AFTER UPDATE OF status ON task
      FOR EACH ROW
      WHEN (NEW.status = 'DONE' AND OLD.status IS DISTINCT FROM 'DONE' AND NEW.deleted_at IS NULL)
      EXECUTE FUNCTION figgle_enqueue_done_reply();

    ALTER TABLE comment DROP CONSTRAINT comment_figma_comment_id_key;
    CREATE UNIQUE INDEX comment_figma_comment_idx ON comment (task_id, figma_comment_id)
      WHERE figma_comment_id IS NOT NULL;
  `.execute(db);
  await sql`
    WITH missed AS (
      SELECT figma_event.task_id, figma_event.figma_comment_id, figma_event.content, figma_event.created_at,
        left(coalesce(nullif(btrim(figma_event.figma_triggered_by), ''), 'Figma'), 200) AS author_name
      FROM figma_event
      JOIN task ON task.task_id = figma_event.task_id AND task.deleted_at IS NULL
      JOIN project ON project.project_id = task.project_id AND project.deleted_at IS NULL
      WHERE figma_event.kind = 'REPLY' AND btrim(figma_event.content) <> ''
        AND NOT EXISTS (
          SELECT 1 FROM comment
          WHERE comment.task_id = figma_event.task_id
            AND comment.figma_comment_id = figma_event.figma_comment_id
        )
    ), written AS (
      INSERT INTO comment (task_id, author_name, content_json, figma_comment_id, created_at)
      SELECT task_id, author_name,
        jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert', content || E'\n'))),
        figma_comment_id, created_at
      FROM missed
      RETURNING comment_id, task_id, created_at
    ), logged AS (
      INSERT INTO log (task_id, project_id, organization_id, type, metadata, created_at, updated_at)
      SELECT written.task_id, task.project_id, project.organization_id, 'COMMENT',
        jsonb_build_object('comment_id', written.comment_id), written.created_at, written.created_at
      FROM written
      JOIN task ON task.task_id = written.task_id
      JOIN project ON project.project_id = task.project_id
    )
    UPDATE task SET comments_total = comments_total + counted.n
    FROM (SELECT task_id, count(*)::integer AS n FROM written GROUP BY task_id) AS counted
    WHERE task.task_id = counted.task_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX comment_figma_comment_idx;
    ALTER TABLE comment ADD CONSTRAINT comment_figma_comment_id_key UNIQUE (figma_comment_id);
    DROP TRIGGER task_done_figma_reply ON task;
    DROP FUNCTION figgle_enqueue_done_reply();
    DROP TABLE job;
  `.execute(db);
}
