import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { designLinkById } from '../queries.ts';

/** Soft delete: deleted_at is set; comments on the file stop becoming tasks in that project. */
export async function deleteDesignLink(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  { fileId }: { fileId: string },
): Promise<void> {
  const link = await designLinkById(db, fileId);
  if (!link) throw notFound('Figma link');
  await authorize(db, user, 'organization.manageDesignLinks', link.organization_id, 'Figma link');
  await publishAfterCommit(
    bus,
    async () => {
      const deleted = await db
        .updateTable('file')
        .set({ deleted_at: new Date() })
        .where('file_id', '=', fileId)
        .where('deleted_at', 'is', null)
        .returning('file_id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Figma link');
    },
    () => projectChanged('updated', link.organization_id, link.project_id, user.user_id),
  );
}
