import { TRASH_DAYS } from '@figgle/shared/trash-schemas';
import type { Kysely } from 'kysely';
import type { Database, TrashRestore } from '../../../db/schema.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';

/** Removing one trash item for good once its 30 days are over (trash-purge-job.ts). */
export const TRASH_PURGE_JOB = 'trash_purge';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Trashed {
  organizationId: string;
  projectId: string;
  /** Null for a project. */
  taskId: string | null;
  deletedBy: string;
  deletedAt: Date;
  restore: TrashRestore;
}

/**
 * The trash item of one delete, with its purge job, inside the delete's own transaction
 * (features/tasks/commands/delete-task.ts, features/projects/commands/delete-project.ts): a delete
 * that commits is in the trash, and its removal for good is stored with it, once.
 */
export async function putInTrash(trx: Kysely<Database>, trashed: Trashed): Promise<void> {
  const row = await trx
    .insertInto('trash_item')
    .values({
      organization_id: trashed.organizationId,
      kind: trashed.taskId ? 'TASK' : 'PROJECT',
      project_id: trashed.projectId,
      task_id: trashed.taskId,
      deleted_by: trashed.deletedBy,
      deleted_at: trashed.deletedAt,
      purge_at: new Date(trashed.deletedAt.getTime() + TRASH_DAYS * DAY_MS),
      restore: JSON.stringify(trashed.restore),
    })
    .returning('trash_id')
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, {
    kind: TRASH_PURGE_JOB,
    organizationId: trashed.organizationId,
    dedupeKey: row.trash_id,
    payload: { trashId: row.trash_id },
  });
}
