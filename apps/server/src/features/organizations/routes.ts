import {
  createdOrganizationSchema,
  createOrganizationInput,
  organizationSchema,
} from '@figgle/shared/organization-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { requireUser } from '../../auth/current-user.ts';
import { createOrganization } from './commands/create-organization.ts';
import { presentCreatedOrganization, presentOrganization } from './presenter.ts';
import { organizationsOf } from './queries.ts';

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
      const created = await createOrganization(app.deps, user, request.body.name);
      return reply.status(201).send(presentCreatedOrganization(created));
    },
  );
}
