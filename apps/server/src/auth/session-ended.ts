import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { EndedSessions } from '../realtime/bus.ts';
import type { AuthServices } from './auth-services.ts';
import { sessionTokenOf } from './session-lookup.ts';

type Deps = Pick<AuthServices, 'auth' | 'bus' | 'sessionMemory' | 'db'>;

/** How the bus and the sockets name a session: a digest of its token, which alone would sign in. */
export function sessionKeyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}

/**
 * Ends what is left of sessions that just ended: their remembered reads (session-lookup.ts) and
 * their realtime sockets, on every server sharing the database.
 */
export function announceSessionsEnded(
  deps: Pick<AuthServices, 'bus' | 'sessionMemory'>,
  ended: EndedSessions,
): void {
  deps.sessionMemory.forget();
  deps.bus.endSessions(ended);
}

export interface EndingCall {
  method: string;
  /** The path under /api/auth, e.g. `/sign-out`. */
  path: string;
  cookie: string | undefined;
  /** The body better-auth receives (JSON already parsed, or a form's text). */
  body: unknown;
}

/** Announces the sessions a call ended, once better-auth has answered with its status. */
export type AfterAuthCall = (status: number) => Promise<void>;

const NOTHING_ENDED: AfterAuthCall = async () => {};

/**
 * A reset, a change of password and "sign out everywhere" end the account's API tokens too: a token
 * made by whoever held the account must not outlive the owner taking it back (issue 37, item 2).
 */
export async function revokeApiTokensOf(db: AuthServices['db'], authUserId: string): Promise<void> {
  await sql`
    UPDATE api_token SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND user_id IN (SELECT user_id FROM app_user WHERE auth_user_id = ${authUserId})`.execute(db);
}

/**
 * The better-auth calls that end sessions, and which ones. Read before the call runs, as the call
 * deletes what names the account (the session of a sign-out, the token of a reset).
 */
export async function sessionsEndingBy(deps: Deps, call: EndingCall): Promise<AfterAuthCall> {
  if (call.method !== 'POST') return NOTHING_ENDED;
  const ended = await sessionsEnding(deps, call);
  if (!ended) return NOTHING_ENDED;
  const everywhere = call.path === '/reset-password' || call.path === '/revoke-sessions';
  return async (status) => {
    if (status < 200 || status >= 300) return;
    if (everywhere) await revokeApiTokensOf(deps.db, ended.authUserId);
    announceSessionsEnded(deps, ended);
  };
}

async function sessionsEnding(deps: Deps, call: EndingCall): Promise<EndedSessions | null> {
  const context = await deps.auth.$context;
  if (call.path === '/reset-password') {
    const token = field(call.body, 'token');
    if (!token) return null;
    const reset = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    // revokeSessionsOnPasswordReset (auth.ts): the reset ends every session of the account.
    return reset ? { authUserId: reset.value } : null;
  }
  if (!['/sign-out', '/revoke-session', '/revoke-sessions'].includes(call.path)) {
    return null;
  }
  const token = await sessionTokenOf(deps.auth, call.cookie);
  if (!token) return null;
  const current = await context.internalAdapter.findSession(token);
  if (!current) return null;
  const authUserId = current.session.userId;
  switch (call.path) {
    case '/sign-out':
      return { authUserId, sessions: [sessionKeyOf(token)] };
    case '/revoke-session': {
      // better-auth revokes it only when it is one of this account's sessions; others are not matched.
      const revoked = field(call.body, 'token');
      return revoked ? { authUserId, sessions: [sessionKeyOf(revoked)] } : null;
    }
    default:
      return { authUserId };
  }
}

function field(body: unknown, name: string): string | undefined {
  const source = typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : body;
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
