import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { presentTaskSummary } from '../tasks/presenter.ts';
import { addChecklistItem } from './commands/add-checklist-item.ts';
import { convertChecklistItem } from './commands/convert-checklist-item.ts';
import { deleteChecklistItem } from './commands/delete-checklist-item.ts';
import { updateChecklistItem } from './commands/update-checklist-item.ts';
import { presentChecklist, presentChecklistItem } from './presenter.ts';
import { checklistOfTask } from './queries.ts';
import {
  addChecklistItemSchema,
  convertChecklistItemSchema,
  deleteChecklistItemSchema,
  listChecklistSchema,
  updateChecklistItemSchema,
} from './route-schemas.ts';

export async function checklistRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/api/tasks/:taskId/checklist', { schema: listChecklistSchema }, async (request) => {
    const user = await requireUser(request);
    await authorizeOnTask(db, user, 'task.read', request.params.taskId);
    return presentChecklist(await checklistOfTask(db, request.params.taskId));
  });

  app.post('/api/tasks/:taskId/checklist', { schema: addChecklistItemSchema }, async (request, reply) => {
    const user = await requireUser(request);
    const item = await addChecklistItem(app.deps, user, { taskId: request.params.taskId, ...request.body });
    return reply.status(201).send(presentChecklistItem(item));
  });

  app.patch('/api/checklist-items/:itemId', { schema: updateChecklistItemSchema }, async (request) => {
    const user = await requireUser(request);
    const item = await updateChecklistItem(app.deps, user, {
      itemId: request.params.itemId,
      changes: request.body,
    });
    return presentChecklistItem(item);
  });

  app.delete(
    '/api/checklist-items/:itemId',
    { schema: deleteChecklistItemSchema },
    async (request, reply) => {
      await deleteChecklistItem(app.deps, await requireUser(request), { itemId: request.params.itemId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/checklist-items/:itemId/convert',
    { schema: convertChecklistItemSchema },
    async (request, reply) => {
      const user = await requireUser(request);
      const task = await convertChecklistItem(app.deps, user, { itemId: request.params.itemId });
      return reply.status(201).send(presentTaskSummary(task));
    },
  );
}
