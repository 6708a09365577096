import type { FigmaReadyRuleInput } from '@figgle/shared/figma-dev-status-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';

/**
 * PUT /api/projects/:projectId/figma-ready-rule: "when a linked design becomes Ready for dev, move
 * the task to …", or off (null). Whoever sets it is the one in whose name tasks move (the log says so).
 */
export async function setReadyRule(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, rule }: { projectId: string; rule: FigmaReadyRuleInput },
): Promise<void> {
  const organizationId = await organizationOfProject(db, projectId);
  await authorize(db, user, 'project.update', organizationId, 'Project');
  await publishAfterCommit(
    bus,
    async () => {
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
