import { commentSchema, createCommentInput } from '@figgle/shared/comment-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorize, organizationOfTask } from '../../policies/authorize.ts';
import { addComment } from './commands/add-comment.ts';
import { presentComment } from './presenter.ts';
import { commentsOfTask } from './queries.ts';

const params = z.object({ taskId: z.uuid() });

export async function commentRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/tasks/:taskId/comments',
    { schema: { tags: ['comments'], params, response: { 200: z.array(commentSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = await organizationOfTask(db, request.params.taskId);
      await authorize(db, user, 'task.read', organizationId, 'Task');
      return (await commentsOfTask(db, request.params.taskId)).map(presentComment);
    },
  );

  app.post(
    '/api/tasks/:taskId/comments',
    { schema: { tags: ['comments'], params, body: createCommentInput, response: { 201: commentSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = await addComment(app.deps, user, { taskId: request.params.taskId, ...request.body });
      return reply.status(201).send(presentComment(row));
    },
  );
}
