import { organizationIdParams } from '@figgle/shared/figma-schemas';
import {
  restoredSchema,
  TRASH_DAYS,
  TRASH_LIST_MAX,
  trashIdParams,
  trashListSchema,
} from '@figgle/shared/trash-schemas';
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
    {
      schema: {
        tags,
        description:
          `The organization's deleted tasks and projects of the last ${TRASH_DAYS} days, newest delete first ` +
          `(at most ${TRASH_LIST_MAX}), each with who deleted it, when it goes for good, what comes back ` +
          'with it and can_restore.',
        params: organizationIdParams,
        response: { 200: trashListSchema },
      },
    },
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
    {
      schema: {
        tags,
        description:
          'Brings a task (with the sub-tasks deleted with it, its comments, history, files and the relations ' +
          'whose other task is live) or a project back. Owners restore anything, members what they deleted ' +
          '(403); a task whose project is in the trash is a 409; something not in the trash a 404. A "blocks" ' +
          'relation that would now close a loop of blockers stays out, named in relations_left_out.',
        params: trashIdParams,
        response: { 200: restoredSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const restored = await restoreTrashItem(app.deps, user, { trashId: request.params.trashId });
      return {
        kind: restored.place.kind,
        project_id: restored.place.projectId,
        task_id: restored.place.taskId,
        task_ids: restored.tasks.map((task) => task.task_id),
        relations_left_out: restored.leftOut,
      };
    },
  );
}
