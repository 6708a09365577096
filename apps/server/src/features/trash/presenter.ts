import type { TrashItemView } from '@figgle/shared/trash-schemas';
import type { Role } from '../../db/schema.ts';
import { mayRestoreTrash } from '../../policies/trash.ts';
import type { TrashRow } from './queries.ts';

/** One trash item as the Trash page shows it to this user (docs/product.md#trash). */
export function presentTrashItem(row: TrashRow, viewer: { userId: string; role: Role }): TrashItemView {
  return {
    trash_id: row.trash_id,
    kind: row.kind,
    title: row.title,
    reference: row.reference,
    task_id: row.task_id,
    project_id: row.project_id,
    project_name: row.project_name,
    project_deleted: row.kind === 'TASK' && row.project_deleted,
    tasks: Number(row.tasks),
    comments: Number(row.comments),
    deleted_at: new Date(row.deleted_at).toISOString(),
    purge_at: new Date(row.purge_at).toISOString(),
    deleted_by:
      row.deleted_by && row.deleted_by_name !== null
        ? { user_id: row.deleted_by, name: row.deleted_by_name }
        : null,
    can_restore: mayRestoreTrash(viewer.role, viewer.userId, row.deleted_by),
  };
}
