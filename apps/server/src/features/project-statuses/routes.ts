import { projectIdParams } from '@figgle/shared/project-schemas';
import {
  createProjectStatusInput,
  deleteProjectStatusQuery,
  projectStatusIdParams,
  projectStatusViewSchema,
  reorderProjectStatusesInput,
  updateProjectStatusInput,
} from '@figgle/shared/project-status-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { type ErrorTranslation, HttpError } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorizeInProject } from '../../policies/authorize.ts';
import { createProjectStatus } from './commands/create-project-status.ts';
import { deleteProjectStatus } from './commands/delete-project-status.ts';
import { reorderProjectStatuses } from './commands/reorder-project-statuses.ts';
import { updateProjectStatus } from './commands/update-project-status.ts';
import { presentProjectStatus } from './presenter.ts';
import { statusesOfProject } from './queries.ts';

const tags = ['statuses'];
const statusList = z.array(projectStatusViewSchema);

/**
 * A task given a status its project has not (the trigger of migration 0037 refuses it): a 400, never
 * a 500, whichever command wrote it.
 */
export const unknownStatusRefusal: ErrorTranslation = (error) => {
  if (!(error instanceof Error) || error.message !== 'figgle_unknown_status') return undefined;
  return new HttpError(400, 'unknown_status', "The status is not one of the project's statuses.");
};

/** A project's statuses (docs/product.md#statuses): read, add, change, reorder, remove. */
export async function projectStatusRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  const answerStatuses = async (projectId: string) =>
    (await statusesOfProject(db, projectId)).map(presentProjectStatus);

  app.get(
    '/api/projects/:projectId/statuses',
    { schema: { tags, params: projectIdParams, response: { 200: statusList } } },
    async (request) => {
      const user = await requireUser(request);
      await authorizeInProject(db, user, 'project.read', request.params.projectId);
      return answerStatuses(request.params.projectId);
    },
  );

  app.post(
    '/api/projects/:projectId/statuses',
    {
      schema: {
        tags,
        params: projectIdParams,
        body: createProjectStatusInput,
        response: { 201: statusList },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { projectId } = request.params;
      await createProjectStatus(app.deps, user, { projectId, input: request.body });
      return reply.status(201).send(await answerStatuses(projectId));
    },
  );

  app.put(
    '/api/projects/:projectId/statuses/order',
    {
      schema: {
        tags,
        params: projectIdParams,
        body: reorderProjectStatusesInput,
        response: { 200: statusList },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { projectId } = request.params;
      await reorderProjectStatuses(app.deps, user, { projectId, statusIds: request.body.status_ids });
      return answerStatuses(projectId);
    },
  );

  app.patch(
    '/api/project-statuses/:statusId',
    {
      schema: {
        tags,
        params: projectStatusIdParams,
        body: updateProjectStatusInput,
        response: { 200: statusList },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const projectId = await updateProjectStatus(app.deps, user, {
        statusId: request.params.statusId,
        changes: request.body,
      });
      return answerStatuses(projectId);
    },
  );

  app.delete(
    '/api/project-statuses/:statusId',
    {
      schema: {
        tags,
        params: projectStatusIdParams,
        querystring: deleteProjectStatusQuery,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteProjectStatus(app.deps, user, {
        statusId: request.params.statusId,
        moveTo: request.query.move_to,
      });
      return reply.status(204).send(null);
    },
  );
}
