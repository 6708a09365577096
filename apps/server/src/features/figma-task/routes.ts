import { taskIdParams } from '@figgle/shared/task-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { createImageCache } from '../../figma/image-cache.ts';
import { notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/response-schemas.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { nodeImage } from './commands/node-image.ts';
import { presentNodeImage } from './presenter.ts';
import { designNodeOfTask } from './queries.ts';

export async function figmaTaskRoutes(app: AppInstance): Promise<void> {
  const cache = createImageCache(app.deps.env.DATA_DIR);

  app.get(
    '/api/tasks/:taskId/figma-image',
    {
      schema: {
        tags: ['figma'],
        params: taskIdParams,
        response: { 200: fileAnswer('image/png', 'The design node the task points at, rendered by Figma.') },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await authorizeOnTask(app.deps.db, user, 'task.read', request.params.taskId);
      const node = await designNodeOfTask(app.deps.db, request.params.taskId);
      if (!node) throw notFound('Figma design node');
      const bytes = await nodeImage({ ...app.deps, log: request.log, cache }, user, node);
      const image = presentNodeImage(bytes);
      return reply.headers(image.headers).send(image.body);
    },
  );
}
