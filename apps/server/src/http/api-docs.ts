import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { repoRoot } from '../repo-root.ts';

type OpenApiDocument = Extract<SwaggerOptions, { openapi?: unknown }>['openapi'];

/**
 * The top of the OpenAPI description the routes fill in: a script calls with an API token
 * (docs/product.md#api-tokens); the web app with its session cookie. Either one is enough.
 */
export const apiDescription: OpenApiDocument = {
  info: {
    title: 'Figgle API',
    version: '1.0.0',
    description:
      'The REST API the Figgle web app uses. Scripts send `Authorization: Bearer <token>` with a personal ' +
      'API token (Settings → API tokens): a `read` token may only use GET, a `read-write` token may do ' +
      'whatever its owner may do. Create and revoke tokens in the browser; a token cannot manage tokens.',
  },
  components: {
    securitySchemes: {
      apiToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'figgle_<prefix>_<secret>',
        description: 'A personal API token, shown once when it is created in Settings → API tokens.',
      },
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'figgle.session_token',
        description: "The web app's session cookie, set by signing in.",
      },
    },
  },
  security: [{ apiToken: [] }, { session: [] }],
};

/**
 * The browsable documentation at /api/docs. Its page loads only its own scripts (no inline one), so
 * the app's strict page policy (http/security-headers.ts) applies unchanged. No validator badge:
 * it would send the description to a third party. Tokens typed into "Authorize" stay in the tab.
 */
export function apiDocsOptions(): FastifySwaggerUiOptions {
  return {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false, validatorUrl: null },
    theme: { title: 'Figgle API' },
    // Figgle's own logo (light letters: the viewer's top bar is dark), linking back to the app.
    logo: {
      type: 'image/svg+xml',
      content: readFileSync(path.join(repoRoot, 'apps/web/public/logo-dark.svg')),
      href: '/',
      target: '_self',
    },
  };
}
