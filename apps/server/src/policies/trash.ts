import { TRASH_NOT_YOURS_MESSAGE } from '@figgle/shared/trash-schemas';
import type { Kysely } from 'kysely';
import type { AppUser, Database, Role } from '../db/schema.ts';
import { authorize } from './authorize.ts';
import { forbidden, notFound } from './policy-errors.ts';

/** Owners restore anything in their organization's trash; members what they deleted themselves. */
export function mayRestoreTrash(role: Role, userId: string, deletedBy: string | null): boolean {
  return role === 'OWNER' || deletedBy === userId;
}

export interface TrashPlace {
  organizationId: string;
  kind: 'TASK' | 'PROJECT';
  projectId: string;
  taskId: string | null;
}

/**
 * Who may restore a trash item (docs/product.md#trash). An item not in the trash (restored, removed
 * for good, never deleted) or of an organization the user has no rule in is a 404; someone else's
 * item for a member, a 403.
 */
export async function authorizeTrashRestore(
  db: Kysely<Database>,
  user: AppUser,
  trashId: string,
  now: Date,
): Promise<TrashPlace> {
  const item = await db
    .selectFrom('trash_item')
    .select(['organization_id', 'kind', 'project_id', 'task_id', 'deleted_by'])
    .where('trash_id', '=', trashId)
    .where('purge_at', '>', now)
    .executeTakeFirst();
  if (!item) throw notFound('Trash item');
  const role = await authorize(db, user, 'trash.restore', item.organization_id, 'Trash item');
  if (!mayRestoreTrash(role, user.user_id, item.deleted_by)) throw forbidden(TRASH_NOT_YOURS_MESSAGE);
  return {
    organizationId: item.organization_id,
    kind: item.kind,
    projectId: item.project_id,
    taskId: item.task_id,
  };
}
