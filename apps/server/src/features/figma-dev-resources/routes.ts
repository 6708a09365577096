import { devResourceRetryParams, taskDevResourceSchema } from '@figgle/shared/figma-dev-resource-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { retryDevResource } from './commands/retry-dev-resource.ts';
import { presentDevResource } from './presenter.ts';
import { devResourcesOfTask } from './queries.ts';

const tags = ['figma'];

/** The links back into Figma of a task's nodes (docs/figma-api.md#dev-resources). */
export async function figmaDevResourceRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/tasks/:taskId/figma-dev-resources',
    { schema: { tags, params: taskIdParams, response: { 200: z.array(taskDevResourceSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeOnTask(db, user, 'task.read', request.params.taskId);
      return (await devResourcesOfTask(db, request.params.taskId)).map(presentDevResource);
    },
  );

  app.post(
    '/api/tasks/:taskId/figma-nodes/:nodeLinkId/dev-resource/retry',
    { schema: { tags, params: devResourceRetryParams, response: { 200: taskDevResourceSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentDevResource(await retryDevResource(app.deps, user, request.params));
    },
  );
}
