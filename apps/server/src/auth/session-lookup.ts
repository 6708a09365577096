import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { AppUser, Database } from '../db/schema.ts';
import type { Bus } from '../realtime/bus.ts';
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
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The session token a Cookie header carries, when its signature holds; null otherwise. */
export async function sessionTokenOf(auth: Auth, cookieHeader: string | undefined): Promise<string | null> {
  if (!cookieHeader) return null;
  const settings = await sessionSettings(auth);
  const signed = cookieValue(cookieHeader, settings.cookieName);
  return signed ? verifiedToken(signed, settings.secret) : null;
}

/** The tables whose rows a remembered session answer is made of (and migration 0019's triggers watch). */
const SESSION_TABLES = ['auth_session', 'auth_user', 'app_user'] as const;

interface RememberedSession {
  profile: AppUser;
  expiresAt: number;
  rememberedAt: number;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/remembered-sessions.md
/**
 * The answers of recent session reads: `forget` is called before any statement of this process
 * writes SESSION_TABLES (db/table-writes.ts), so a sign-out, a revocation, a password change or a
 * profile change made through this server is seen by the very next request, as with a read on every
 * request. On PostgreSQL, a write by another server or by hand is heard once its commit's notice
 * arrives (rememberSessions). A read that was under way when a write came is not kept
 * (`generation`). Entries also lapse after a minute, and the oldest go past 10,000.
 */
export class SessionMemory {
  static readonly MAX_ENTRIES = 10_000;
  static readonly LIFETIME_MS = 60_000;
  private readonly entries = new Map<string, RememberedSession>();
  private currentGeneration = 0;

  /** `trusted`: whether every write to the session tables is heard now; when not, nothing is recalled. */
  constructor(private readonly trusted: () => boolean = () => true) {}

  get generation(): number {
    return this.currentGeneration;
  }

  forget(): void {
    this.entries.clear();
    this.currentGeneration += 1;
  }

  recall(token: string, now: number): RememberedSession | undefined {
    if (!this.trusted()) return undefined;
    const entry = this.entries.get(token);
    if (entry && now - entry.rememberedAt > SessionMemory.LIFETIME_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** Keeps a read's answer, unless a write came since the read began (`readGeneration`). */
  remember(token: string, entry: RememberedSession, readGeneration: number): void {
    if (readGeneration !== this.currentGeneration) return;
    if (this.entries.size >= SessionMemory.MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, entry);
  }
}

/** The profile, or ASK_BETTER_AUTH when the session is expired or due for its refresh. */
function judged(
  profile: AppUser,
  expiresAt: number,
  settings: SessionSettings,
  now: number,
): AppUser | typeof ASK_BETTER_AUTH {
  const dueForRefresh = expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  return expiresAt < now || dueForRefresh ? ASK_BETTER_AUTH : profile;
}

/**
 * The profile of the request's session in one read (session and profile joined), remembered in
 * `memory` until one of its tables is written (SessionMemory says how that is heard), so a
 * signed-out, revoked or password-changed session ends with the next request, not with a cookie
 * cache's lifetime. The signature is checked with node:crypto, not WebCrypto jobs. Whatever better-auth
 * would write (extend a session due for a refresh, delete an expired one, create a first profile)
 * is left to better-auth: the answer is then ASK_BETTER_AUTH.
 */
export async function signedInProfile(
  auth: Auth,
  db: Kysely<Database>,
  cookieHeader: string | undefined,
  memory: SessionMemory,
): Promise<AppUser | null | typeof ASK_BETTER_AUTH> {
  const token = await sessionTokenOf(auth, cookieHeader);
  if (!token) return null;
  const settings = await sessionSettings(auth);
  const remembered = memory.recall(token, Date.now());
  if (remembered) return judged(remembered.profile, remembered.expiresAt, settings, Date.now());
  const generation = memory.generation;
  const { rows } = await sql<AppUser & { session_expires_at: Date; has_profile: boolean }>`
    SELECT app_user.*, auth_session."expiresAt" AS session_expires_at, app_user.user_id IS NOT NULL AS has_profile
    FROM auth_session
    LEFT JOIN app_user ON app_user.auth_user_id = auth_session."userId"
    WHERE auth_session.token = ${token}
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  if (!row.has_profile) return ASK_BETTER_AUTH;
  const expiresAt = new Date(row.session_expires_at).getTime();
  const { session_expires_at: _expires, has_profile: _profile, ...profile } = row;
  const now = Date.now();
  memory.remember(token, { profile, expiresAt, rememberedAt: now }, generation);
  return judged(profile, expiresAt, settings, now);
}

/**
 * Whether a cookie header's session may be put inside a page (http/web-app.ts): one with a profile,
 * neither expired nor due for its refresh. app.ts hands this to the web app.
 */
export function embeddableSessions(
  auth: Auth,
  db: Kysely<Database>,
  memory: SessionMemory,
): (cookieHeader: string | undefined) => Promise<boolean> {
  return async (cookieHeader) => {
    const profile = await signedInProfile(auth, db, cookieHeader, memory);
    return profile !== null && profile !== ASK_BETTER_AUTH;
  };
}

/**
 * The SessionMemory of a server, forgotten before each statement of its own that writes a session
 * table, and whenever the bus tells of a commit that wrote one (PostgreSQL: another server, or a
 * person with psql) or of notices that may have been missed. While the bus cannot hear the other
 * writers (its LISTEN connection is down), every request reads its session.
 */
export function rememberSessions(database: DatabaseHandle, bus: Bus): SessionMemory {
  const memory = new SessionMemory(() => bus.hearsOthers());
  const forget = () => memory.forget();
  database.tableWrites.on(SESSION_TABLES, forget);
  bus.onSessionTablesWritten(forget);
  bus.onResync(forget);
  return memory;
}
