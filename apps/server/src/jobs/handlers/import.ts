import { z } from 'zod';
import { collectGarbage } from '../../features/imports/collect-import-garbage.ts';
import { IMPORT_JOB } from '../../features/imports/commands/start-import.ts';
import { markImportFailed, runImport } from '../../features/imports/run-import.ts';
import { PermanentJobError } from '../job-errors.ts';
import type { JobHandler } from '../job-handler.ts';

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
