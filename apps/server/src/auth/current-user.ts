import type { FastifyRequest } from 'fastify';
import type { AppUser } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { markWriteStep } from '../write-timings.ts';
import { sessionRequired } from './api-token-errors.ts';
import { ensureProfile } from './profile.ts';
import { ASK_BETTER_AUTH, signedInProfile } from './session-lookup.ts';

export type CurrentUser = AppUser;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser | null;
  }
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/** The signed-in user's profile, or null; looked up once per request, in one read most of the time. */
export async function findCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  if (request.currentUser !== undefined) return request.currentUser;
  const { auth, db, sessionMemory } = request.server.deps;
  const found = await signedInProfile(auth, db, request.headers.cookie, sessionMemory);
  if (found !== ASK_BETTER_AUTH) {
    request.currentUser = found;
    return found;
  }
  const session = await auth.api.getSession({ headers: headersOf(request) });
  request.currentUser = session ? await ensureProfile(db, session.user) : null;
  return request.currentUser;
}

/** Every API route that needs a person starts here: 401 without a valid session. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await findCurrentUser(request);
  if (!user) throw unauthorized();
  markWriteStep('signed in');
  return user;
}

/** For what only a person at a browser may do (manage API tokens): 403 for a request made with a token. */
export async function requireSessionUser(request: FastifyRequest): Promise<CurrentUser> {
  if (request.apiToken) throw sessionRequired();
  return requireUser(request);
}
