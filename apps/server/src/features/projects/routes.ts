import {
  createProjectInput,
  projectIdParams,
  projectViewSchema,
  updateProjectInput,
} from '@figgle/shared/project-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { createProject } from './commands/create-project.ts';
import { deleteProject } from './commands/delete-project.ts';
import { updateProject } from './commands/update-project.ts';
import { presentProject } from './presenter.ts';
import { projectOf, projectsOf } from './queries.ts';

export async function projectRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  async function loadProject(userId: string, projectId: string) {
    const row = await projectOf(db, userId, projectId);
    if (!row) throw notFound('Project');
    return presentProject(row);
  }

  app.get(
    '/api/projects',
    { schema: { tags: ['projects'], response: { 200: z.array(projectViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      const rows = await projectsOf(db, user.user_id);
      return rows.map(presentProject);
    },
  );

  app.post(
    '/api/projects',
    { schema: { tags: ['projects'], body: createProjectInput, response: { 201: projectViewSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const projectId = await createProject(app.deps, user, request.body);
      return reply.status(201).send(await loadProject(user.user_id, projectId));
    },
  );

  app.get(
    '/api/projects/:projectId',
    { schema: { tags: ['projects'], params: projectIdParams, response: { 200: projectViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return loadProject(user.user_id, request.params.projectId);
    },
  );

  app.patch(
    '/api/projects/:projectId',
    {
      schema: {
        tags: ['projects'],
        params: projectIdParams,
        body: updateProjectInput,
        response: { 200: projectViewSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateProject(app.deps, user, { projectId: request.params.projectId, changes: request.body });
      return loadProject(user.user_id, request.params.projectId);
    },
  );

  app.delete(
    '/api/projects/:projectId',
    { schema: { tags: ['projects'], params: projectIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteProject(app.deps, user, { projectId: request.params.projectId });
      return reply.status(204).send(null);
    },
  );
}
