import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The server's Fastify instance, with zod as its type provider. It lives at the bottom, beside the
 * HTTP machinery, so that the plugins of the lower folders (http/, jobs/, auth/, mail/, clock/)
 * can take it without importing app-types.ts, which names their services and sits above them
 * (docs/decisions/0020-server-folders-in-one-direction.md). Its `deps` are declared in app-types.ts.
 */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
