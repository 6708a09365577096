import { apiErrorSchema } from '@figgle/shared/errors';
import type { RouteOptions } from 'fastify';

const refused = apiErrorSchema.meta({
  description: 'Refused: bad input, not signed in, not found or not allowed (the code says which).',
});
const failed = apiErrorSchema.meta({ description: 'The server or its database failed; try again.' });

/**
 * Every failure leaves in one shape, built by the error handler (http/errors.ts): routes declare
 * their successes, and this adds the failures to each route that declares any answer, so the
 * OpenAPI description shows them and the serializer holds the handler to that shape.
 */
export function declareErrorAnswers(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  route.schema = { ...route.schema, response: { '4xx': refused, '5xx': failed, ...response } };
}
