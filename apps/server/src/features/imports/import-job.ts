import { z } from 'zod';
import { PermanentJobError } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { IMPORT_JOB } from '../../jobs/job-kinds.ts';
import { collectGarbage } from './collect-import-garbage.ts';
import { markImportFailed, runImport } from './run-import.ts';

const payloadSchema = z.object({ import_id: z.uuid() });

/** An import confirmed by a person (features/imports/commands/start-import.ts). */
export const importHandler: JobHandler = {
  kind: IMPORT_JOB,
  async run({ deps, job, completeIn }) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) throw new PermanentJobError('The stored import cannot be read.');
    await runImport(deps, payload.data.import_id, completeIn);
    // The batches written are garbage now (the parsed file lived in the reader's thread, gone with
    // it): collected at once rather than kept until V8's heap grows to several times what is alive.
    // After one turn of the event loop, so that requests that waited for the last batch go first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    collectGarbage();
  },
  async failedForGood(deps, job) {
    const payload = payloadSchema.safeParse(job.payload);
    if (!payload.success) return;
    const stored = await deps.db
      .selectFrom('job')
      .select('last_error')
      .where('job_id', '=', job.jobId)
      .executeTakeFirst();
    await markImportFailed(deps.db, payload.data.import_id, stored?.last_error ?? 'The import stopped.');
  },
};
