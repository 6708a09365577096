import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';

export interface DeleteProjectInput {
  projectId: string;
}

/** Soft delete: the project and its tasks stay in the database, hidden everywhere. */
export async function deleteProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId }: DeleteProjectInput,
): Promise<void> {
  const organizationId = await organizationOfProject(db, projectId);
  await authorize(db, user, 'project.delete', organizationId, 'Project');
  const now = new Date();
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db
        .updateTable('project')
        .set({ deleted_at: now, updated_at: now })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (deleted.numUpdatedRows === 0n) throw notFound('Project');
    },
    () => projectChanged('deleted', organizationId, projectId, user.user_id),
  );
}
