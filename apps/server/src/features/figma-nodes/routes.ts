import {
  linkFigmaNodeInput,
  taskFigmaNodeParams,
  taskFigmaNodeSchema,
} from '@figgle/shared/figma-node-schemas';
import { taskIdParams } from '@figgle/shared/task-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { linkFigmaNode } from './commands/link-figma-node.ts';
import { unlinkFigmaNode } from './commands/unlink-figma-node.ts';
import { presentTaskFigmaNode } from './presenter.ts';
import { figmaNodesOfTask } from './queries.ts';

const tags = ['figma'];

/** The Figma designs (frames, layers) a task links: docs/product.md#designs-on-a-task. */
export async function taskFigmaNodeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/tasks/:taskId/figma-nodes',
    { schema: { tags, params: taskIdParams, response: { 200: z.array(taskFigmaNodeSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeOnTask(db, user, 'task.read', request.params.taskId);
      return (await figmaNodesOfTask(db, request.params.taskId)).map(presentTaskFigmaNode);
    },
  );

  app.post(
    '/api/tasks/:taskId/figma-nodes',
    {
      schema: {
        tags,
        params: taskIdParams,
        body: linkFigmaNodeInput,
        response: { 201: taskFigmaNodeSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = await linkFigmaNode(app.deps, user, {
        taskId: request.params.taskId,
        url: request.body.url,
      });
      return reply.status(201).send(presentTaskFigmaNode(row));
    },
  );

  app.delete(
    '/api/tasks/:taskId/figma-nodes/:nodeLinkId',
    { schema: { tags, params: taskFigmaNodeParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await unlinkFigmaNode(app.deps, user, request.params);
      return reply.status(204).send(null);
    },
  );
}
