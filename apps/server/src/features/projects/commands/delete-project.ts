import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { putInTrash } from '../../trash/commands/put-in-trash.ts';

export interface DeleteProjectInput {
  projectId: string;
}

/**
 * Soft delete into the organization's trash (features/trash/): the project and its tasks stay in
 * the database, hidden everywhere, until a restore or the 30 days' end.
 */
export async function deleteProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId }: DeleteProjectInput,
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'project.delete', projectId);
  const now = new Date();
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const deleted = await trx
        .updateTable('project')
        .set({ deleted_at: now, deleted_by: user.user_id, updated_at: now })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (deleted.numUpdatedRows === 0n) throw notFound('Project');
      await putInTrash(trx, {
        organizationId,
        projectId,
        taskId: null,
        deletedBy: user.user_id,
        deletedAt: now,
        restore: {},
      });
    },
    () => projectChanged('deleted', organizationId, projectId, user.user_id),
  );
}
