import type { FigmaReadyRuleInput } from '@figgle/shared/figma-dev-status-schemas';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import type { Database } from '../../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';

/**
 * The rule moves tasks to a status of the project, not one of the Canceled category; else a 400
 * that changes nothing.
 */
async function checkRuleStatus(db: Kysely<Database>, projectId: string, key: string): Promise<void> {
  const status = await db
    .selectFrom('project_status')
    .select(['name', 'category'])
    .where('project_id', '=', projectId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!status) throw new HttpError(400, 'unknown_status', "The status is not one of the project's statuses.");
  if (status.category === 'canceled')
    throw badRequest(`The rule cannot move tasks to “${status.name}”: its category is Canceled.`, [
      { path: 'ready_status', message: 'is of the Canceled category' },
    ]);
}

/**
 * PUT /api/projects/:projectId/figma-ready-rule: "when a linked design becomes Ready for dev, move
 * the task to …", or off (null). Whoever sets it is the one in whose name tasks move (the log says so).
 */
export async function setReadyRule(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, rule }: { projectId: string; rule: FigmaReadyRuleInput },
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'project.update', projectId);
  await publishAfterCommit(
    bus,
    async () => {
      if (rule.ready_status !== null) await checkRuleStatus(db, projectId, rule.ready_status);
      const updated = await db
        .updateTable('project')
        .set({
          figma_ready_status: rule.ready_status,
          figma_ready_rule_by: rule.ready_status === null ? null : user.user_id,
          updated_at: new Date(),
        })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound('Project');
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
