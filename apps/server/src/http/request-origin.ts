import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

// Kept apart from origin-check.ts, which needs the app's types: auth/auth.ts imports these, and the
// app's types import auth/auth.ts.

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
function isOwnOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
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
