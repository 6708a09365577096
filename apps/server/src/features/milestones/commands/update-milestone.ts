import type { UpdateMilestoneInput } from '@figgle/shared/milestone-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { milestoneToManage } from './milestone-to-manage.ts';

/** Renames a milestone, moves its target or rewrites its description. */
export async function updateMilestone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { milestoneId, changes }: { milestoneId: string; changes: UpdateMilestoneInput },
): Promise<void> {
  const place = await milestoneToManage(db, user, milestoneId);
  await publishAfterCommit(
    bus,
    async () => {
      const updated = await db
        .updateTable('milestone')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.target_date !== undefined ? { target_on: changes.target_date } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
        })
        .where('milestone_id', '=', milestoneId)
        .returning('milestone_id')
        .executeTakeFirst();
      if (!updated) throw notFound('Milestone');
    },
    () => projectChanged('updated', place.organization_id, place.project_id, user.user_id),
  );
}
