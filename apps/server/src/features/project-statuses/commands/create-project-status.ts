import {
  type CreateProjectStatusInput,
  STATUSES_PER_PROJECT_MAX,
} from '@figgle/shared/project-status-schemas';
import { statusKeyFromName } from '@figgle/shared/status-categories';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { lockedStatusesOf, refuseTakenName } from './status-rules.ts';

/**
 * A new status of a project, after `after` (else at the end); owners and members may add one.
 * Its key is made from its name (IN_REVIEW), with _2, _3… when the project has that key. Returns its id.
 */
export async function createProjectStatus(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, input }: { projectId: string; input: CreateProjectStatusInput },
): Promise<string> {
  const organizationId = await authorizeInProject(db, user, 'project.update', projectId);
  const name = input.name.trim();
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const statuses = await lockedStatusesOf(trx, projectId);
      if (statuses.length >= STATUSES_PER_PROJECT_MAX) {
        throw badRequest(`A project has at most ${STATUSES_PER_PROJECT_MAX} statuses: remove one first.`);
      }
      await refuseTakenName(trx, projectId, name);
      let position = (statuses.at(-1)?.position ?? -1) + 1;
      if (input.after !== undefined) {
        const after = statuses.find((status) => status.status_id === input.after);
        if (!after) throw badRequest('The status to add it after is not a status of this project.');
        position = after.position + 1;
        await trx
          .updateTable('project_status')
          .set((eb) => ({ position: eb('position', '+', 1) }))
          .where('project_id', '=', projectId)
          .where('position', '>=', position)
          .execute();
      }
      const base = statusKeyFromName(name);
      const keys = new Set(statuses.map((status) => status.key));
      let key = base;
      for (let n = 2; keys.has(key); n += 1) key = `${base}_${n}`;
      const { status_id } = await trx
        .insertInto('project_status')
        .values({
          project_id: projectId,
          key,
          name,
          color: input.color,
          category: input.category,
          position,
        })
        .returning('status_id')
        .executeTakeFirstOrThrow();
      return status_id;
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
