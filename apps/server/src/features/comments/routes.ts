import { commentSchema, createCommentInput, editCommentInput } from '@figgle/shared/comment-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeOnTask } from '../../policies/authorize.ts';
import { addComment } from './commands/add-comment.ts';
import { deleteComment } from './commands/delete-comment.ts';
import { editComment } from './commands/edit-comment.ts';
import { presentComment } from './presenter.ts';
import { commentsOfTask } from './queries.ts';

const params = z.object({ taskId: z.uuid() });
const commentParams = z.object({ commentId: z.uuid() });

export async function commentRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/tasks/:taskId/comments',
    { schema: { tags: ['comments'], params, response: { 200: z.array(commentSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeOnTask(db, user, 'task.read', request.params.taskId);
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

  app.patch(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        description: "Its author replaces a comment's text; anyone else gets 403.",
        params: commentParams,
        body: editCommentInput,
        response: { 200: commentSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await editComment(app.deps, user, { commentId: request.params.commentId, ...request.body });
      return presentComment(row);
    },
  );

  app.delete(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        description: 'Its author deletes a comment; anyone else gets 403.',
        params: commentParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteComment(app.deps, await requireUser(request), { commentId: request.params.commentId });
      return reply.status(204).send(null);
    },
  );
}
