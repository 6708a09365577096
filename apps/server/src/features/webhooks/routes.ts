import { organizationIdParams } from '@figgle/shared/figma-schemas';
import {
  createdWebhookSchema,
  createWebhookInput,
  setWebhookActiveInput,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookParams,
  webhookSchema,
  webhookTestQueuedSchema,
} from '@figgle/shared/webhook-schemas';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { noContent } from '../../http/response-schemas.ts';
import { authorize } from '../../policies/authorize.ts';
import { createWebhook } from './commands/create-webhook.ts';
import { deleteWebhook } from './commands/delete-webhook.ts';
import { sendTestEvent } from './commands/send-test-event.ts';
import { setWebhookActive } from './commands/set-webhook-active.ts';
import { presentDelivery, presentWebhook } from './presenter.ts';
import { deliveriesOf, webhookOf, webhooksOf } from './queries.ts';

const tags = ['webhooks'];

/** An organization's outgoing webhooks and their delivery logs: owners only. */
export async function webhookRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/organizations/:organizationId/webhooks',
    { schema: { tags, params: organizationIdParams, response: { 200: webhookListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await authorize(db, user, 'organization.manageWebhooks', request.params.organizationId);
      return (await webhooksOf(db, request.params.organizationId)).map(presentWebhook);
    },
  );

  app.post(
    '/api/organizations/:organizationId/webhooks',
    {
      schema: {
        tags,
        params: organizationIdParams,
        body: createWebhookInput,
        response: { 201: createdWebhookSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { row, secret } = await createWebhook(app.deps, user, {
        organizationId: request.params.organizationId,
        webhook: request.body,
      });
      return reply.status(201).send({ ...presentWebhook(row), secret });
    },
  );

  app.patch(
    '/api/organizations/:organizationId/webhooks/:webhookId',
    {
      schema: { tags, params: webhookParams, body: setWebhookActiveInput, response: { 200: webhookSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return presentWebhook(
        await setWebhookActive(app.deps, user, { ...request.params, active: request.body.active }),
      );
    },
  );

  app.delete(
    '/api/organizations/:organizationId/webhooks/:webhookId',
    { schema: { tags, params: webhookParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteWebhook(app.deps, user, request.params);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/organizations/:organizationId/webhooks/:webhookId/test',
    { schema: { tags, params: webhookParams, response: { 202: webhookTestQueuedSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(202).send(await sendTestEvent(app.deps, user, request.params));
    },
  );

  app.get(
    '/api/organizations/:organizationId/webhooks/:webhookId/deliveries',
    { schema: { tags, params: webhookParams, response: { 200: webhookDeliveryListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { organizationId, webhookId } = request.params;
      await authorize(db, user, 'organization.manageWebhooks', organizationId);
      if (!(await webhookOf(db, organizationId, webhookId))) throw notFound('Webhook');
      return (await deliveriesOf(db, webhookId)).map(presentDelivery);
    },
  );
}
