import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeFound } from '../../../policies/authorize.ts';
import { placeOfTemplate } from '../queries.ts';

/** Removes a project's template; the tasks made from it stay as they are. */
export async function deleteTaskTemplate(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { templateId }: { templateId: string },
): Promise<void> {
  const place = await authorizeFound(
    db,
    user,
    'taskTemplate.manage',
    await placeOfTemplate(db, templateId),
    'Template',
  );
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db
        .deleteFrom('task_template')
        .where('template_id', '=', templateId)
        .returning('template_id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Template');
    },
    () => projectChanged('updated', place.organization_id, place.project_id, user.user_id),
  );
}
