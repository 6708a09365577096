import type { AfterProof } from './proof-of-address.ts';

/**
 * better-auth puts the session token in its JSON answers (`token` after a sign-in or sign-up,
 * `session.token` from get-session). That token is the secret of the session cookie, which is
 * httpOnly so that a script on the page can never read it; the same secret in a body the page's
 * script reads would undo that (issue 37). The cookie is all the web app needs.
 */
export const withoutSessionToken: AfterProof = async (response) => {
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) {
    return response;
  }
  const body = (await response.json()) as unknown;
  if (body && typeof body === 'object') {
    const answer = body as { token?: unknown; session?: { token?: unknown } | null };
    delete answer.token;
    if (answer.session && typeof answer.session === 'object') delete answer.session.token;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
};
