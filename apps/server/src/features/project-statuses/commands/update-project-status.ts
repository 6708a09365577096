import type { UpdateProjectStatusInput } from '@figgle/shared/project-status-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeFound } from '../../../policies/authorize.ts';
import { placeOfStatus } from '../queries.ts';
import { lockProjectStatuses, refuseTakenName } from './status-rules.ts';

/**
 * Renames, recolours or recategorizes a status. Its tasks keep it; a new category reaches them
 * through the trigger of migration 0037 (task.status_category) in the same transaction. Returns its project.
 */
export async function updateProjectStatus(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { statusId, changes }: { statusId: string; changes: UpdateProjectStatusInput },
): Promise<string> {
  const place = await authorizeFound(db, user, 'project.update', await placeOfStatus(db, statusId), 'Status');
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      await lockProjectStatuses(trx, place.project_id);
      const name = changes.name?.trim();
      if (name !== undefined) await refuseTakenName(trx, place.project_id, name, statusId);
      const updated = await trx
        .updateTable('project_status')
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(changes.color !== undefined ? { color: changes.color } : {}),
          ...(changes.category !== undefined ? { category: changes.category } : {}),
        })
        .where('status_id', '=', statusId)
        .returning('status_id')
        .executeTakeFirst();
      if (!updated) throw notFound('Status');
    },
    () => projectChanged('updated', place.organization_id, place.project_id, user.user_id),
  );
  return place.project_id;
}
