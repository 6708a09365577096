import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { milestoneToManage } from './milestone-to-manage.ts';

/** Removes a milestone; its tasks stay, in no milestone (the foreign key sets theirs to null). */
export async function deleteMilestone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { milestoneId }: { milestoneId: string },
): Promise<void> {
  const place = await milestoneToManage(db, user, milestoneId);
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db
        .deleteFrom('milestone')
        .where('milestone_id', '=', milestoneId)
        .returning('milestone_id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Milestone');
    },
    () => projectChanged('updated', place.organization_id, place.project_id, user.user_id),
  );
}
