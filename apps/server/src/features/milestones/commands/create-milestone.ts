import { MILESTONES_PER_PROJECT_MAX } from '@figgle/shared/milestone-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockLiveProject } from '../../../db/row-locks.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';

/** A new milestone of a project; any member of its organization may plan one. Returns its id. */
export async function createMilestone(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  values: { projectId: string; name: string; targetDate: string; description: string },
): Promise<string> {
  const organizationId = await authorizeInProject(db, user, 'milestone.manage', values.projectId);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      // The project row is locked: two milestones made at once count against the limit in turn.
      if (!(await lockLiveProject(trx, values.projectId))) throw notFound('Project');
      const { count } = await trx
        .selectFrom('milestone')
        .select(sql<string>`count(*)`.as('count'))
        .where('project_id', '=', values.projectId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MILESTONES_PER_PROJECT_MAX) {
        throw badRequest(
          `A project has at most ${MILESTONES_PER_PROJECT_MAX} milestones: remove old ones first.`,
        );
      }
      const { milestone_id } = await trx
        .insertInto('milestone')
        .values({
          project_id: values.projectId,
          name: values.name,
          target_on: values.targetDate,
          description: values.description,
          created_by: user.user_id,
        })
        .returning('milestone_id')
        .executeTakeFirstOrThrow();
      return milestone_id;
    },
    () => projectChanged('updated', organizationId, values.projectId, user.user_id),
  );
}
