import {
  createLabelInput,
  labelIdParams,
  labelViewSchema,
  organizationLabelsParams,
  updateLabelInput,
} from '@figgle/shared/planning-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { createLabel } from './commands/create-label.ts';
import { deleteLabel } from './commands/delete-label.ts';
import { updateLabel } from './commands/update-label.ts';
import { presentLabel } from './presenter.ts';
import { labelOf, labelsOf } from './queries.ts';

const tags = ['labels'];

/** An organization's labels: listed by its members, created, renamed, recoloured and deleted by owners and members. */
export async function labelRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/organizations/:organizationId/labels',
    { schema: { tags, params: organizationLabelsParams, response: { 200: z.array(labelViewSchema) } } },
    async (request) => {
      const user = await requireUser(request);
      await authorize(db, user, 'label.read', request.params.organizationId);
      return (await labelsOf(db, request.params.organizationId)).map(presentLabel);
    },
  );

  app.post(
    '/api/organizations/:organizationId/labels',
    {
      schema: {
        tags,
        params: organizationLabelsParams,
        body: createLabelInput,
        response: { 201: labelViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const label = await createLabel(app.deps, user, {
        organizationId: request.params.organizationId,
        label: request.body,
      });
      return reply.status(201).send(presentLabel(label));
    },
  );

  app.patch(
    '/api/labels/:labelId',
    { schema: { tags, params: labelIdParams, body: updateLabelInput, response: { 200: labelViewSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await updateLabel(app.deps, user, { labelId: request.params.labelId, changes: request.body });
      const label = await labelOf(db, request.params.labelId);
      if (!label) throw notFound('Label');
      return presentLabel(label);
    },
  );

  app.delete(
    '/api/labels/:labelId',
    { schema: { tags, params: labelIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteLabel(app.deps, await requireUser(request), { labelId: request.params.labelId });
      return reply.status(204).send(null);
    },
  );
}
