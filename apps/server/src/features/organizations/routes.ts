import {
  createdOrganizationSchema,
  createOrganizationInput,
  organizationSchema,
  renameOrganizationInput,
} from '@figgle/shared/organization-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { authorize } from '../../policies/authorize.ts';
import { createOrganization } from './commands/create-organization.ts';
import { renameOrganization } from './commands/rename-organization.ts';
import { presentCreatedOrganization, presentOrganization } from './presenter.ts';
import { organizationById, organizationsOf } from './queries.ts';

const organizationParams = z.object({ organizationId: z.uuid() });

export async function organizationRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/organizations',
    { schema: { tags: ['organizations'], response: { 200: z.array(organizationSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      const rows = await organizationsOf(app.deps.db, user.user_id);
      return rows.map((row) => presentOrganization(row, user.user_id));
    },
  );

  app.post(
    '/api/organizations',
    {
      schema: {
        tags: ['organizations'],
        body: createOrganizationInput,
        response: { 201: createdOrganizationSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const created = await createOrganization(app.deps, user, { name: request.body.name });
      return reply.status(201).send(presentCreatedOrganization(created));
    },
  );

  app.get(
    '/api/organizations/:organizationId',
    {
      schema: { tags: ['organizations'], params: organizationParams, response: { 200: organizationSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await authorize(app.deps.db, user, 'organization.read', organizationId);
      const row = await organizationById(app.deps.db, organizationId);
      if (!row) throw notFound('Organization');
      return presentOrganization(row, user.user_id);
    },
  );

  app.patch(
    '/api/organizations/:organizationId',
    {
      schema: {
        tags: ['organizations'],
        params: organizationParams,
        body: renameOrganizationInput,
        response: { 200: organizationSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await renameOrganization(app.deps, user, { organizationId, name: request.body.name });
      const row = await organizationById(app.deps.db, organizationId);
      if (!row) throw notFound('Organization');
      return presentOrganization(row, user.user_id);
    },
  );
}
