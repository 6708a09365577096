import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';

/** PATCH /api/cycles/:cycleId: gives a cycle a name, or takes it away (null). */
export async function renameCycle(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { cycleId, name }: { cycleId: string; name: string | null },
): Promise<void> {
  const cycle = await db
    .selectFrom('cycle')
    .innerJoin('project', 'project.project_id', 'cycle.project_id')
    .select(['cycle.project_id', 'project.organization_id'])
    .where('cycle.cycle_id', '=', cycleId)
    .where('project.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!cycle) throw notFound('Cycle');
  await authorize(db, user, 'task.update', cycle.organization_id, 'Cycle');
  await publishAfterCommit(
    bus,
    () => db.updateTable('cycle').set({ name }).where('cycle_id', '=', cycleId).execute(),
    () => projectChanged('updated', cycle.organization_id, cycle.project_id, user.user_id),
  );
}
