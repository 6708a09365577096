import { sql } from 'kysely';
import { DeferJob } from '../../jobs/job-errors.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { TRASH_PURGE_JOB } from './commands/put-in-trash.ts';

/**
 * Removes one trash item for good once its 30 days are over (docs/product.md#trash), stored with the
 * item by commands/put-in-trash.ts. Until then it waits. Then the files of its tasks (and, for a
 * project, the project's own) leave storage, and one transaction deletes their rows, the tasks (with
 * their comments, history, checklists: the foreign keys cascade) or the project, the trash item, and
 * marks the job done. A crash before that commit leaves the rows: the job runs again, removes the
 * files that are left (removing a missing file is no error) and commits. An item restored meanwhile
 * is gone, and the job does nothing; a restore is refused from purge_at on, so no restore waits for
 * files this job has taken away.
 */
export const trashPurgeHandler: JobHandler = {
  kind: TRASH_PURGE_JOB,
  async run({ deps, job, completeIn }) {
    const trashId = String(job.payload.trashId);
    const item = await deps.db
      .selectFrom('trash_item')
      .select(['kind', 'project_id', 'task_id', 'purge_at', 'restore'])
      .where('trash_id', '=', trashId)
      .executeTakeFirst();
    // Restored, or gone with its project or organization.
    if (!item) return;
    const purgeAt = new Date(item.purge_at).getTime();
    if (deps.clock.now().getTime() < purgeAt) {
      // As the cycle rollover: the claim compares run_at with the database's now() plus the clock's
      // lead, so the wait is counted from the real time.
      const realNow = deps.clock.now().getTime() - deps.clock.aheadMs();
      throw new DeferJob(Math.max(1000, purgeAt - realNow), 'The 30 days in the trash are not over yet.');
    }
    const taskIds =
      item.kind === 'TASK'
        ? (item.restore.task_ids ?? [item.task_id as string])
        : (
            await deps.db
              .selectFrom('task')
              .select('task_id')
              .where('project_id', '=', item.project_id)
              .execute()
          ).map((row) => row.task_id);
    const projectFolder = item.kind === 'PROJECT' ? `projects/${item.project_id}` : null;
    const { rows: uploads } = await sql<{ upload_id: string; path: string }>`
      SELECT upload_id, path FROM upload
      WHERE (split_part(folder, '/', 1) = 'tasks' AND split_part(folder, '/', 2) = ANY (${taskIds}::text[]))
        OR (split_part(folder, '/', 1) || '/' || split_part(folder, '/', 2)) = ${projectFolder}
    `.execute(deps.db);
    const storage = createStorage(deps.env);
    for (const upload of uploads) await storage.remove(upload.path);

    await deps.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('trash_item')
        .where('trash_id', '=', trashId)
        .returning('trash_id')
        .executeTakeFirst();
      if (gone) {
        if (uploads.length > 0)
          await trx
            .deleteFrom('upload')
            .where(
              'upload_id',
              'in',
              uploads.map((upload) => upload.upload_id),
            )
            .execute();
        if (item.kind === 'TASK') {
          await trx
            .deleteFrom('task')
            .where('task_id', 'in', taskIds)
            .where('deleted_at', 'is not', null)
            .execute();
        } else {
          // Its tasks first: the status counts' trigger (migration 0003) writes for their project.
          await trx.deleteFrom('task').where('project_id', '=', item.project_id).execute();
          await trx
            .deleteFrom('project')
            .where('project_id', '=', item.project_id)
            .where('deleted_at', 'is not', null)
            .execute();
        }
      }
      await completeIn(trx);
    });
  },
};
