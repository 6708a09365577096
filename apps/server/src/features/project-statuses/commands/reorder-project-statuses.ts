import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { lockedStatusesOf } from './status-rules.ts';

/** Puts a project's statuses in the order given, which names each of them once. */
export async function reorderProjectStatuses(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, statusIds }: { projectId: string; statusIds: string[] },
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'project.update', projectId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const statuses = await lockedStatusesOf(trx, projectId);
      const known = new Set(statuses.map((status) => status.status_id));
      if (
        new Set(statusIds).size !== statusIds.length ||
        statusIds.length !== known.size ||
        statusIds.some((id) => !known.has(id))
      ) {
        throw badRequest('The order must name every status of the project once, and no other.');
      }
      for (const [position, statusId] of statusIds.entries()) {
        await trx.updateTable('project_status').set({ position }).where('status_id', '=', statusId).execute();
      }
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
