import {
  apiTokenIdParams,
  apiTokenSchema,
  createApiTokenInput,
  createdApiTokenSchema,
} from '@figgle/shared/api-token-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireSessionUser } from '../../auth/current-user.ts';
import { noContent } from '../../http/response-schemas.ts';
import { createApiToken } from './commands/create-api-token.ts';
import { revokeApiToken } from './commands/revoke-api-token.ts';
import { presentApiToken, presentCreatedApiToken } from './presenter.ts';
import { activeTokensOf } from './queries.ts';

const tags = ['api tokens'];
// A stolen token must not mint more, nor hide its theft by revoking others: a browser session only.
const config = { sessionOnly: true };

/** A person's API tokens (docs/product.md#api-tokens): listed, created (shown once) and revoked. */
export async function apiTokenRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/api/me/api-tokens',
    { config, schema: { tags, response: { 200: z.array(apiTokenSchema) } } },
    async (request) => {
      const user = await requireSessionUser(request);
      return (await activeTokensOf(db, user.user_id)).map(presentApiToken);
    },
  );

  app.post(
    '/api/me/api-tokens',
    { config, schema: { tags, body: createApiTokenInput, response: { 201: createdApiTokenSchema } } },
    async (request, reply) => {
      const user = await requireSessionUser(request);
      const { row, token } = await createApiToken(app.deps, user, request.body);
      return reply.status(201).send(presentCreatedApiToken(row, token));
    },
  );

  app.delete(
    '/api/me/api-tokens/:apiTokenId',
    { config, schema: { tags, params: apiTokenIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = await requireSessionUser(request);
      await revokeApiToken(app.deps, user, request.params);
      return reply.status(204).send(null);
    },
  );
}
