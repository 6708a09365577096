import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.ts';

/**
 * The routes the Figma plugin calls (apps/figma-plugin), by method and route pattern. Its interface
 * runs in an iframe whose Origin is `null`, so each call is a cross-origin request with
 * `Authorization: Bearer <API token>`: the browser asks first (a preflight OPTIONS) and reads the
 * answer only when it carries Access-Control-Allow-Origin. Nothing else is offered to other sites.
 */
const PLUGIN_ROUTES: ReadonlyArray<readonly [method: string, route: string]> = [
  ['GET', '/api/figma/linked-tasks'],
  ['GET', '/api/projects'],
  ['POST', '/api/projects/:projectId/tasks'],
  ['PATCH', '/api/tasks/:taskId'],
  ['PATCH', '/api/tasks/:taskId/content'],
  ['POST', '/api/tasks/:taskId/figma-nodes'],
  ['POST', '/api/uploads'],
];

const PREFLIGHT_MAX_AGE_SECONDS = 600;

function patternOf(route: string): RegExp {
  const parts = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}
const PATTERNS = PLUGIN_ROUTES.map(([method, route]) => ({ method, route, pattern: patternOf(route) }));

/** The methods the plugin may use on this decoded path (empty for any path it does not call). */
function pluginMethodsFor(path: string): string[] {
  return PATTERNS.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method);
}

function isPluginRoute(method: string, route: string | undefined): boolean {
  return PATTERNS.some((entry) => entry.method === method && entry.route === route);
}

/** The request carries an API token and no cookie: the only kind that is ever answered across sites. */
function carriesOnlyABearerToken(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return (
    authorization !== undefined && /^Bearer /i.test(authorization) && request.headers.cookie === undefined
  );
}

/**
 * `Access-Control-Allow-Origin: *` on the answers (errors included, so the plugin can read a 401 of
 * a revoked token) of the plugin's routes, for requests authenticated by a token alone. Never with
 * Allow-Credentials: a browser then neither sends cookies nor lets a page read an answer made with
 * them, so a session cookie gains nothing from this (docs/threat-model.md, "The Figma plugin").
 */
export function installPluginCors(app: AppInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!isPluginRoute(request.method, request.routeOptions.url)) return payload;
    if (!carriesOnlyABearerToken(request)) return payload;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'retry-after, www-authenticate');
    return payload;
  });
}

/**
 * A preflight for one of the plugin's routes, asking to send the Authorization header: the methods
 * that path allows. Anything else gets no CORS header, which the browser reads as a refusal.
 */
export function preflightHeaders(request: FastifyRequest, path: string): Record<string, string> | null {
  const methods = pluginMethodsFor(path);
  const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
  const headers = String(request.headers['access-control-request-headers'] ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  if (!methods.includes(asked) || !headers.includes('authorization')) return null;
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
