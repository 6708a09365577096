import { dayOf } from '@figgle/shared/cycle-dates';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockLiveProject } from '../../../db/row-locks.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { planCycles } from '../cycle-plan.ts';

export interface CycleSettingsChange {
  projectId: string;
  enabled: boolean;
  weeks: number;
  weekStart: number;
}

/**
 * PUT /api/projects/:projectId/cycle-settings (docs/product.md#cycles): turns a project's cycles on
 * with a length and a first day of the week, changes them (from the next cycle on), or turns them
 * off (cycles made stay, none are made; an ended cycle's tasks stay where they are).
 */
export async function setCycleSettings(
  { db, bus, clock }: Pick<AppDeps, 'db' | 'bus' | 'clock'>,
  user: CurrentUser,
  { projectId, enabled, weeks, weekStart }: CycleSettingsChange,
): Promise<void> {
  const organizationId = await authorizeInProject(db, user, 'project.update', projectId);
  await publishAfterTransaction(
    { db, bus },
    async (trx) => {
      if (!(await lockLiveProject(trx, projectId))) throw notFound('Project');
      await trx
        .insertInto('cycle_setting')
        .values({ project_id: projectId, enabled, weeks, week_start: weekStart })
        .onConflict((oc) =>
          oc
            .column('project_id')
            .doUpdateSet({ enabled, weeks, week_start: weekStart, updated_at: new Date() }),
        )
        .execute();
      if (enabled) {
        await planCycles(
          trx,
          { projectId, organizationId },
          { weeks, week_start: weekStart },
          dayOf(clock.now()),
        );
      }
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
