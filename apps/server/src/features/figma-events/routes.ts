import {
  FAILED_FIGMA_WORK_SHOWN,
  failedFigmaWorkListSchema,
  failedFigmaWorkParams,
} from '@figgle/shared/figma-delivery-schemas';
import {
  createTaskFromEventInput,
  figmaEventIdParams,
  figmaEventPageSchema,
  figmaEventSchema,
  figmaEventsQuery,
  figmaProjectOptionSchema,
  taskFromEventSchema,
} from '@figgle/shared/figma-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { presentProjectOption } from '../figma-links/presenter.ts';
import { projectsOfOrganization } from '../figma-links/queries.ts';
import { createTaskFromEvent } from './commands/create-task-from-event.ts';
import { FAILED_FIGMA_JOB_KINDS, retryFailedFigmaWork } from './commands/retry-failed-work.ts';
import { presentFailedFigmaWork, presentFigmaEvent } from './presenter.ts';
import { failedFigmaWork, figmaEventById, radarPage } from './queries.ts';

const tags = ['figma'];

export async function figmaEventRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  async function readableEvent(user: Parameters<typeof authorize>[1], eventId: string) {
    const event = await figmaEventById(db, eventId);
    if (!event) throw notFound('Figma event');
    await authorize(db, user, 'figmaEvent.read', event.organization_id, 'Figma event');
    return event;
  }

  app.get(
    '/api/figma-events',
    { schema: { tags, querystring: figmaEventsQuery, response: { 200: figmaEventPageSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit } = request.query;
      const page = await radarPage(db, user.user_id, offset, limit);
      return { events: page.rows.map(presentFigmaEvent), has_more: page.hasMore };
    },
  );

  // What Figgle could not do with Figma, for good: the radar warns about it with the reason.
  app.get(
    '/api/figma-events/failed',
    { schema: { tags, response: { 200: failedFigmaWorkListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const rows = await failedFigmaWork(db, user.user_id, FAILED_FIGMA_JOB_KINDS, FAILED_FIGMA_WORK_SHOWN);
      return { failures: rows.map(presentFailedFigmaWork) };
    },
  );

  app.post(
    '/api/figma-events/failed/:jobId/retry',
    { schema: { tags, params: failedFigmaWorkParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await retryFailedFigmaWork(app.deps, user, { jobId: request.params.jobId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/figma-events/:eventId',
    { schema: { tags, params: figmaEventIdParams, response: { 200: figmaEventSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return presentFigmaEvent(await readableEvent(user, request.params.eventId));
    },
  );

  app.get(
    '/api/figma-events/:eventId/projects',
    { schema: { tags, params: figmaEventIdParams, response: { 200: z.array(figmaProjectOptionSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      const event = await readableEvent(user, request.params.eventId);
      return (await projectsOfOrganization(db, event.organization_id)).map(presentProjectOption);
    },
  );

  app.post(
    '/api/figma-events/:eventId/task',
    {
      schema: {
        tags,
        params: figmaEventIdParams,
        body: createTaskFromEventInput,
        response: { 201: taskFromEventSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const created = await createTaskFromEvent({ ...app.deps, log: request.log }, user, {
        eventId: request.params.eventId,
        projectId: request.body.project_id,
      });
      return reply.status(201).send(created);
    },
  );
}
