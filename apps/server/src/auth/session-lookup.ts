import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AppUser, Database } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/** What better-auth's own getSession must decide: a refresh, an expired session, a first profile. */
export const ASK_BETTER_AUTH = Symbol('ask better-auth');

interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsOf = new WeakMap<Auth, Promise<SessionSettings>>();

function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/** The first value of a cookie, URL-decoded as better-call reads it. */
function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1 || part.slice(0, equals).trim() !== name) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The session token of a cookie signed by better-call (`token.base64(HMAC-SHA256(token))`), or null. */
export function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The profile of the request's session in one read (session and profile joined), checked against the
 * database on every request, so a signed-out, revoked or password-changed session ends at once (no
 * cookie cache). The signature is checked with node:crypto, not WebCrypto jobs. Whatever better-auth
 * would write (extend a session due for a refresh, delete an expired one, create a first profile)
 * is left to better-auth: the answer is then ASK_BETTER_AUTH.
 */
export async function signedInProfile(
  auth: Auth,
  db: Kysely<Database>,
  cookieHeader: string | undefined,
): Promise<AppUser | null | typeof ASK_BETTER_AUTH> {
  if (!cookieHeader) return null;
  const settings = await sessionSettings(auth);
  const signed = cookieValue(cookieHeader, settings.cookieName);
  if (!signed) return null;
  const token = verifiedToken(signed, settings.secret);
  if (!token) return null;
  const { rows } = await sql<AppUser & { session_expires_at: Date; has_profile: boolean }>`
    SELECT app_user.*, auth_session."expiresAt" AS session_expires_at, app_user.user_id IS NOT NULL AS has_profile
    FROM auth_session
    LEFT JOIN app_user ON app_user.auth_user_id = auth_session."userId"
    WHERE auth_session.token = ${token}
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  const expiresAt = new Date(row.session_expires_at).getTime();
  const now = Date.now();
  const dueForRefresh = expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  if (expiresAt < now || dueForRefresh || !row.has_profile) return ASK_BETTER_AUTH;
  const { session_expires_at: _expires, has_profile: _profile, ...profile } = row;
  return profile;
}
