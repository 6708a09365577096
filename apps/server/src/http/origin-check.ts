import type { AppInstance } from '../app.ts';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by Figma's servers, authenticated by passcode instead of a cookie. */
const MACHINE_ENDPOINTS = ['/api/figma/webhook'];

/**
 * A state-changing request carrying another site's Origin is refused: the session cookie must not
 * be usable from a page the user did not open on Figgle. Scripts without an Origin are let through.
 */
export function installOriginCheck(app: AppInstance): void {
  const allowed = new URL(app.deps.env.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || MACHINE_ENDPOINTS.includes(path)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin && origin !== allowed) || crossSite) {
      throw new HttpError(403, 'forbidden_origin', 'This request came from another site and was refused.');
    }
  });
}
