import type { FastifyRequest } from 'fastify';
import type { ApiTokenScope } from '../db/schema.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { HttpError } from '../http/errors.ts';
import { tokenScopeAllows } from '../policies/api-tokens.ts';
import { invalidToken, readOnlyToken, sessionRequired } from './api-token-errors.ts';
import { stampLastUse, tokenByPrefix } from './api-token-lookup.ts';
import { prefixOf, tokenMatches } from './api-token-secret.ts';
import { createWindowCounter } from './attempt-limiter.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route refuses API tokens: it makes or ends credentials, or needs a browser session. */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set when the request was authenticated by an API token rather than a session cookie. */
    apiToken?: { id: string; scope: ApiTokenScope };
  }
}

const BEARER = /^Bearer +(\S+) *$/i;
const LAST_USE_PRECISION_SECONDS = 60;

function retryAfterMessage(seconds: number): string {
  return `Too many requests with this API token. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * `Authorization: Bearer <token>` on an /api route: the request acts as the token's owner, through
 * the same `requireUser` as a session (request.currentUser is set here), limited by the token's
 * scope (policies/api-tokens.ts) and by a per-token rate. An Authorization header that is not a
 * valid token is a 401, never a fall-back to the cookie: a script must learn its token is wrong.
 * When a request carries both, the token decides who acts, and the cookie still brings the
 * cross-site check (http/origin-check.ts), so a token never widens what a cookie could do.
 */
export function installApiTokenAuth(app: AppInstance): void {
  const { db, env } = app.deps;
  const requests = createWindowCounter({ max: env.API_TOKEN_REQUESTS_PER_MINUTE, windowSeconds: 60 });
  const lastUseWrites = createWindowCounter({ max: 1, windowSeconds: LAST_USE_PRECISION_SECONDS });

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined || !isApiRequest(request)) return;
    const token = BEARER.exec(header)?.[1] ?? '';
    const prefix = prefixOf(token);
    const found = prefix ? await tokenByPrefix(db, prefix) : undefined;
    // Compared even when nothing was found, so an unknown prefix costs as long as a wrong secret.
    const matches = tokenMatches(token, found?.secretHash ?? null);
    if (!found || !matches || found.revoked) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw invalidToken();
    }

    const wait = requests.blockedFor(found.apiTokenId);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'too_many_requests', retryAfterMessage(wait));
    }
    requests.record(found.apiTokenId);
    if (request.routeOptions.config?.sessionOnly) throw sessionRequired();
    if (!tokenScopeAllows(found.scope, request.method)) throw readOnlyToken(request.method);

    request.currentUser = found.profile;
    request.apiToken = { id: found.apiTokenId, scope: found.scope };
    const recentlyStamped =
      found.lastUsedAt !== null &&
      Date.now() - found.lastUsedAt.getTime() < LAST_USE_PRECISION_SECONDS * 1000;
    if (!recentlyStamped && lastUseWrites.blockedFor(found.apiTokenId) === null) {
      lastUseWrites.record(found.apiTokenId);
      await stampLastUse(db, found.apiTokenId);
    }
  });
}

/**
 * The matched route decides, as in the origin check: `/%61pi/…` reaches the same /api route as
 * `/api/…`, so the token must be checked (and its scope applied) there too.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/api' || route.startsWith('/api/'));
}
