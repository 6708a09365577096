import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';

export interface ProjectChanges {
  name?: string;
  trigram?: string;
  description?: string;
  default_view?: 'LIST' | 'KANBAN';
  emoji?: 'fox' | 'octopus' | 'alien' | 'seeding' | 'fish';
}

export async function updateProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  projectId: string,
  changes: ProjectChanges,
): Promise<void> {
  const organizationId = await organizationOfProject(db, projectId);
  await authorize(db, user, 'project.update', organizationId, 'Project');
  const updated = await db
    .updateTable('project')
    .set({ ...changes, updated_at: new Date() })
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('Project');
  await bus.publish({
    kind: 'project',
    action: 'updated',
    id: projectId,
    organizationId,
    projectId,
    actorId: user.user_id,
  });
}
