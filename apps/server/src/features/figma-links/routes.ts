import {
  createDesignLinkInput,
  designLinkIdParams,
  designLinkSchema,
  figmaProjectOptionSchema,
} from '@figgle/shared/figma-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { createDesignLink } from './commands/create-design-link.ts';
import { deleteDesignLink } from './commands/delete-design-link.ts';
import { presentDesignLink, presentProjectOption } from './presenter.ts';
import { designLinksOwnedBy, projectsOwnedBy } from './queries.ts';

const tags = ['figma'];

export async function designLinkRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/design-links',
    { schema: { tags, response: { 200: z.array(designLinkSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      return (await designLinksOwnedBy(app.deps.db, user.user_id)).map(presentDesignLink);
    },
  );

  app.get(
    '/api/design-links/projects',
    { schema: { tags, response: { 200: z.array(figmaProjectOptionSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      return (await projectsOwnedBy(app.deps.db, user.user_id)).map(presentProjectOption);
    },
  );

  app.post(
    '/api/design-links',
    { schema: { tags, body: createDesignLinkInput, response: { 201: designLinkSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = await createDesignLink(app.deps, user, {
        figmaFileId: request.body.figma_file_id,
        projectId: request.body.project_id,
      });
      return reply.status(201).send(presentDesignLink(row));
    },
  );

  app.delete(
    '/api/design-links/:fileId',
    { schema: { tags, params: designLinkIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteDesignLink(app.deps, user, { fileId: request.params.fileId });
      return reply.status(204).send(null);
    },
  );
}
