import {
  designChangedTasksSchema,
  designChangeImageParams,
  designChangeListSchema,
} from '@figgle/shared/design-change-schemas';
import { projectIdParams } from '@figgle/shared/project-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { createImageCache } from '../../figma/image-cache.ts';
import { notFound } from '../../http/errors.ts';
import { fileAnswer, noContent } from '../../http/response-schemas.ts';
import { authorizeInProject, authorizeOnTask } from '../../policies/authorize.ts';
import { markDesignSeen } from './commands/mark-design-seen.ts';
import { presentDesignChange, presentVersionImage } from './presenter.ts';
import { designChangedTasksOfProject, designChangesOfTask } from './queries.ts';

const tags = ['figma'];

/** "Design changed" on a task: docs/product.md#design-changed. */
export async function designChangeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  const cache = createImageCache(app.deps.env.DATA_DIR);

  app.get(
    '/api/tasks/:taskId/design-changes',
    { schema: { tags, params: taskIdParams, response: { 200: designChangeListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { taskId } = request.params;
      await authorizeOnTask(db, user, 'task.read', taskId);
      return (await designChangesOfTask(db, taskId)).map((row) => presentDesignChange(taskId, row));
    },
  );

  app.get(
    '/api/tasks/:taskId/design-changes/:nodeLinkId/:side',
    {
      schema: {
        tags,
        params: designChangeImageParams,
        response: {
          200: fileAnswer(
            'image/png',
            'The linked design as last seen (before) or at its new version (after).',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { taskId, nodeLinkId, side } = request.params;
      await authorizeOnTask(db, user, 'task.read', taskId);
      const link = (await designChangesOfTask(db, taskId)).find(
        (row) => row.task_figma_node_id === nodeLinkId,
      );
      const versionId = side === 'before' ? link?.seen_version_id : link?.latest_version_id;
      const bytes =
        link && versionId ? await cache.readVersion(link.file_key, link.node_id, versionId) : null;
      if (!bytes) throw notFound('Design change image');
      const image = presentVersionImage(bytes);
      return reply.headers(image.headers).send(image.body);
    },
  );

  app.get(
    '/api/projects/:projectId/design-changes',
    { schema: { tags, params: projectIdParams, response: { 200: designChangedTasksSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { projectId } = request.params;
      await authorizeInProject(db, user, 'project.read', projectId);
      return { task_ids: await designChangedTasksOfProject(db, projectId) };
    },
  );

  app.post(
    '/api/tasks/:taskId/design-changes/seen',
    { schema: { tags, params: taskIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await markDesignSeen(app.deps, user, { taskId: request.params.taskId });
      return reply.status(204).send(null);
    },
  );
}
