import { projectIdParams } from '@figgle/shared/project-schemas';
import { projectTimelineSchema } from '@figgle/shared/timeline-view-schemas';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { timelineJson } from './queries.ts';

const tags = ['timeline-view'];

/**
 * The project's Timeline view (docs/product.md#timeline): one read with what the board's task list
 * lacks, each task's milestone and the "blocks" pairs, as one JSON text. Changes go through PATCH /api/tasks/:id.
 * (features/timeline is the task change log, not this.)
 */
export async function timelineViewRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/projects/:projectId/timeline',
    { schema: { tags, params: projectIdParams, response: { 200: projectTimelineSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      // JSON text the database built in the schema's shape (timeline-view.test.ts reads it back
      // through the schema): Fastify sends a string as it is, without the response schema's check.
      // (The reply without the route's types, which would ask for the object: as sendJsonText takes it.)
      const text: FastifyReply = reply;
      return text
        .type('application/json; charset=utf-8')
        .send(await timelineJson(db, request.params.projectId));
    },
  );
}
