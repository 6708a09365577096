import { organizationIdParams } from '@figgle/shared/figma-schemas';
import { restoredSchema, trashIdParams, trashListSchema } from '@figgle/shared/trash-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorize } from '../../policies/authorize.ts';
import { restoreTrashItem } from './commands/restore-trash-item.ts';
import { presentTrashItem } from './presenter.ts';
import { trashOfOrganization } from './queries.ts';

const tags = ['trash'];

/** The organization's trash (docs/product.md#trash): what is in it, and a restore. */
export async function trashRoutes(app: AppInstance): Promise<void> {
  const { db, clock } = app.deps;

  app.get(
    '/api/organizations/:organizationId/trash',
    { schema: { tags, params: organizationIdParams, response: { 200: trashListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      const role = await authorize(db, user, 'trash.read', organizationId);
      const rows = await trashOfOrganization(db, organizationId, clock.now());
      return { items: rows.map((row) => presentTrashItem(row, { userId: user.user_id, role })) };
    },
  );

  app.post(
    '/api/trash/:trashId/restore',
    { schema: { tags, params: trashIdParams, response: { 200: restoredSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const restored = await restoreTrashItem(app.deps, user, { trashId: request.params.trashId });
      return {
        kind: restored.place.kind,
        project_id: restored.place.projectId,
        task_id: restored.place.taskId,
        task_ids: restored.tasks.map((task) => task.task_id),
      };
    },
  );
}
