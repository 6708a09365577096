import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes called by other servers (Figma's), authenticated by a passcode instead of a cookie. */
const MACHINE_ROUTES = new Set(['/api/figma/webhook']);

/**
 * The origin this request was sent to, as Fastify resolved it: the Host header and the socket's
 * scheme, or the forwarded host and scheme when TRUST_PROXY trusts the hop that set them.
 * Forwarded to better-auth under this name, since it only sees a rebuilt request.
 */
export const REQUEST_ORIGIN_HEADER = 'x-figgle-request-origin';

export function requestOrigin(request: FastifyRequest): string | undefined {
  if (!request.host) return undefined;
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a page at `origin` is one of Figgle's own: the address the request was sent to, or
 * PUBLIC_URL. So Figgle works opened at 127.0.0.1 or a LAN address as well as at its public name.
 */
export function isOwnOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  return normalized === new URL(publicUrl).origin || normalized === requestOrigin(request);
}

/** A browser's request from another site's page; scripts without an Origin are let through. */
export function comesFromAnotherSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(request, origin, publicUrl)) return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** For a websocket upgrade: browsers send cookies with it from any page. */
export function refuseConnectionFromAnotherSite(request: FastifyRequest, publicUrl: string): void {
  if (comesFromAnotherSite(request, publicUrl)) {
    throw new HttpError(403, 'forbidden_origin', 'This connection came from another site and was refused.');
  }
}

/** The origins better-auth may trust for a request Figgle handed it (see REQUEST_ORIGIN_HEADER). */
export function trustedOriginsOf(request: Request | undefined, publicUrl: string): string[] {
  const own = request?.headers.get(REQUEST_ORIGIN_HEADER);
  return own ? [publicUrl, own] : [publicUrl];
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
    if (comesFromAnotherSite(request, publicUrl)) {
      throw new HttpError(403, 'forbidden_origin', 'This request came from another site and was refused.');
    }
  });
}
