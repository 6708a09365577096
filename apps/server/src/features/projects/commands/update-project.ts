import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { clearEstimatesOutsideScale } from '../../tasks/commands/task-estimate.ts';

interface ProjectChanges {
  name?: string;
  trigram?: string;
  description?: string;
  default_view?: 'LIST' | 'KANBAN' | 'CALENDAR';
  emoji?: 'fox' | 'octopus' | 'alien' | 'seeding' | 'fish';
  estimate_scale?: 'none' | 'points' | 'tshirt';
}

export interface UpdateProjectInput {
  projectId: string;
  changes: ProjectChanges;
}

/**
 * PATCH /api/projects/:projectId. A new estimate scale clears, in the same transaction, every
 * estimate of the project's tasks that the new scale has no value for, each with its ESTIMATE log
 * line (docs/product.md#estimates): a project's estimates are always of its scale.
 */
export async function updateProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, changes }: UpdateProjectInput,
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'project.update', projectId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const updated = await trx
        .updateTable('project')
        .set({ ...changes, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound('Project');
      if (changes.estimate_scale !== undefined)
        await clearEstimatesOutsideScale(trx, user.user_id, projectId, changes.estimate_scale);
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
