import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './app-instance.ts';
import { HttpError } from './errors.ts';
import { comesFromAnotherSite, REQUEST_ORIGIN_HEADER, requestOrigin } from './request-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes called by other servers, authenticated by something other than a cookie: Figma's webhook
 * (a passcode) and the one-click unsubscribe a mail provider posts from its own site (RFC 8058; the
 * signed link is the proof, and the route reads no session).
 */
const MACHINE_ROUTES = new Set(['/api/figma/webhook', '/api/notifications/unsubscribe']);

/**
 * A script's request with an API token (auth/api-token-auth.ts) and no cookie: another site's page
 * cannot make a browser add the header (no CORS is offered), and without a cookie there is no
 * session to ride on. A request carrying a cookie too is checked as any other.
 */
function carriesOnlyABearerToken(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return (
    authorization !== undefined && /^Bearer /i.test(authorization) && request.headers.cookie === undefined
  );
}

/**
 * A state-changing request carrying another site's Origin is refused: the session cookie must not
 * be usable from a page the user did not open on Figgle. Which route was matched decides (the
 * router decodes the path), so a percent-encoded path cannot step around the check.
 */
export function installOriginCheck(app: AppInstance): void {
  const publicUrl = app.deps.env.PUBLIC_URL;
  app.addHook('onRequest', async (request) => {
    // Always overwritten: a client must not choose what better-auth trusts.
    const own = requestOrigin(request);
    if (own) request.raw.headers[REQUEST_ORIGIN_HEADER] = own;
    else delete request.raw.headers[REQUEST_ORIGIN_HEADER];

    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && MACHINE_ROUTES.has(route)) return;
    if (carriesOnlyABearerToken(request)) return;
    if (comesFromAnotherSite(request, publicUrl)) {
      throw new HttpError(403, 'forbidden_origin', 'This request came from another site and was refused.');
    }
  });
}
