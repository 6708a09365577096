import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { Env } from './env.ts';
import { healthRoutes } from './features/health/routes.ts';
import { installErrorHandling } from './http/errors.ts';
import { serveWebApp } from './http/web-app.ts';
import { redactedLogPaths } from './http/log-redaction.ts';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  db: Kysely<Database>;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  /** Serve the built web app from apps/web/dist (the production start and e2e do). */
  serveWeb?: boolean;
  logger?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: deps.env.LOG_LEVEL, redact: { paths: redactedLogPaths, censor: '[redacted]' } },
    bodyLimit: deps.env.BODY_MAX_BYTES,
    trustProxy: true,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  installErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Figgle API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);

  if (options.serveWeb) await serveWebApp(app);
  return app;
}
