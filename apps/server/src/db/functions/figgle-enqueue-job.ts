/**
 * The function figgle_enqueue_job: the one statement that stores a durable job, called by every
 * trigger that queues work and by TypeScript's enqueueJob (jobs/job-queue.ts). A key already stored
 * is kept as it is, unless `rearm` asks to queue it again once its last run has finished (done or
 * failed), with the new payload and time. Answers the job's id when it was stored or re-armed, else
 * null.
 */
export const figgleEnqueueJob = {
  name: 'function figgle_enqueue_job',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_job(job_kind text, org uuid, key text, job_payload jsonb, due timestamp with time zone DEFAULT now(), rearm boolean DEFAULT false)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
    DECLARE
      stored uuid;
    BEGIN
      IF rearm THEN
        INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
        VALUES (job_kind, org, key, job_payload, due)
        ON CONFLICT (kind, organization_id, dedupe_key) DO UPDATE
          SET state = 'pending', attempts = 0, run_at = EXCLUDED.run_at, last_error = NULL, locked_by = NULL,
            locked_until = NULL, finished_at = NULL, payload = EXCLUDED.payload
          WHERE job.state IN ('done', 'failed')
        RETURNING job_id INTO stored;
      ELSE
        INSERT INTO job (kind, organization_id, dedupe_key, payload, run_at)
        VALUES (job_kind, org, key, job_payload, due)
        ON CONFLICT (kind, organization_id, dedupe_key) DO NOTHING
        RETURNING job_id INTO stored;
      END IF;
      RETURN stored;
    END $function$`,
};
