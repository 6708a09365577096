import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize, organizationOfProject } from '../../../policies/authorize.ts';

interface ProjectChanges {
  name?: string;
  trigram?: string;
  description?: string;
  default_view?: 'LIST' | 'KANBAN' | 'CALENDAR';
  emoji?: 'fox' | 'octopus' | 'alien' | 'seeding' | 'fish';
}

export interface UpdateProjectInput {
  projectId: string;
  changes: ProjectChanges;
}

export async function updateProject(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { projectId, changes }: UpdateProjectInput,
): Promise<void> {
  const organizationId = await organizationOfProject(db, projectId);
  await authorize(db, user, 'project.update', organizationId, 'Project');
  await publishAfterCommit(
    bus,
    async () => {
      const updated = await db
        .updateTable('project')
        .set({ ...changes, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound('Project');
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
