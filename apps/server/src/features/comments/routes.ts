import { commentSchema, createCommentInput } from '@figgle/shared/comment-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorize, organizationOfTask } from '../../policies/authorize.ts';
import { createComment, publishCommentCreated } from './commands/create-comment.ts';
import { presentComment } from './presenter.ts';
import { commentsOfTask } from './queries.ts';

const params = z.object({ taskId: z.uuid() });

/** The name a person's comment carries, kept on the row so it survives the account. */
const displayName = (user: { firstname: string; lastname: string; email: string }) =>
  `${user.firstname} ${user.lastname}`.trim() || user.email;

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
      const { taskId } = request.params;
      const { organizationId } = await organizationOfTask(db, taskId);
      await authorize(db, user, 'comment.create', organizationId, 'Task');
      const created = await db.transaction().execute((trx) =>
        createComment(trx, {
          taskId,
          authorId: user.user_id,
          authorName: displayName(user),
          contentJson: request.body.content_json,
        }),
      );
      await publishCommentCreated(app.deps.bus, created);
      const [row] = await commentsOfTask(db, taskId, created.comment.comment_id);
      return reply.status(201).send(presentComment(row!));
    },
  );
}
