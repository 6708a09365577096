import { createHash, randomBytes } from 'node:crypto';
import { signJWT, verifyJWT } from 'better-auth/crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuthServices } from './auth-services.ts';
import { announceSessionsEnded, sessionKeyOf } from './session-ended.ts';
import { isSignUpBrowser } from './sign-up-browser.ts';
import {
  confirmationEmail,
  credentialHash,
  EMAIL_VERIFICATION_EXPIRES_SECONDS,
  passwordBinding,
} from './sign-up-link.ts';

/**
 * Whoever registers an address first must not keep the account once its owner proves the address
 * (issue 37, item 1; better-auth's /verify-email keeps whatever password was set before). The rules:
 * - a confirmation link sent by a sign-up is bound to the password that sign-up chose (`pw` claim)
 *   and to the browser that chose it (`b` claim, sign-up-browser.ts);
 * - a sign-up meeting an unconfirmed account replaces its password, sessions, provider links and API
 *   tokens with its own sign-up, whose link alone confirms that password;
 * - a confirmation keeps the password only when its link is bound to it and is opened in that
 *   browser; otherwise the password is dropped and the person who opened the link chooses one. Sessions and API tokens made before the
 *   proof always end with it.
 */

type Deps = Pick<AuthServices, 'db' | 'auth' | 'env' | 'mailer' | 'bus' | 'sessionMemory'>;

/** How long the link to choose a password, given right after a confirmation, stays valid. */
const CHOOSE_PASSWORD_EXPIRES_SECONDS = 60 * 60;

/**
 * Ends the sessions and API tokens of an account, and every provider link or password if asked.
 * Returns the keys of the sessions it ended: the announcement must name them, since an account-wide
 * one would also close the sockets of sessions made after it (the hub remembers endings a while).
 */
async function dropAccess(
  trx: Transaction<Database>,
  authUserId: string,
  what: { sessions: boolean; password: boolean; providers: boolean },
): Promise<string[]> {
  if (what.providers) await sql`DELETE FROM auth_account WHERE "userId" = ${authUserId}`.execute(trx);
  else if (what.password)
    await sql`DELETE FROM auth_account WHERE "userId" = ${authUserId} AND "providerId" = 'credential'`.execute(
      trx,
    );
  const ended = what.sessions
    ? (
        await sql<{ token: string }>`
          DELETE FROM auth_session WHERE "userId" = ${authUserId} RETURNING token`.execute(trx)
      ).rows.map((row) => sessionKeyOf(row.token))
    : [];
  await sql`
    UPDATE api_token SET revoked_at = now()
    WHERE revoked_at IS NULL
      AND user_id IN (SELECT user_id FROM app_user WHERE auth_user_id = ${authUserId})`.execute(trx);
  return ended;
}

/** Tells every server's sockets about the sessions that ended, when there were any. */
export function announceEndedSessions(
  deps: Pick<AuthServices, 'bus' | 'sessionMemory'>,
  authUserId: string,
  keys: string[],
) {
  if (keys.length) announceSessionsEnded(deps, { authUserId, sessions: keys });
}

/**
 * An invitation accepted for an address whose account was never confirmed: the account is made anew
 * for the invitee (names, the chosen password, confirmed), with nothing set before kept. Runs in the
 * acceptance's transaction; the caller announces the ended sessions after the commit.
 */
export async function takeOverUnconfirmed(
  trx: Transaction<Database>,
  authUserId: string,
  names: { firstname: string; lastname: string },
  passwordHash: string,
): Promise<string[]> {
  const now = new Date();
  const ended = await dropAccess(trx, authUserId, { sessions: true, password: true, providers: true });
  await sql`
    UPDATE auth_user SET name = ${`${names.firstname} ${names.lastname}`.trim()}, firstname = ${names.firstname},
      lastname = ${names.lastname}, "emailVerified" = true, "updatedAt" = ${now} WHERE id = ${authUserId}`.execute(
    trx,
  );
  await sql`
    INSERT INTO auth_account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
    VALUES (${randomBytes(16).toString('hex')}, ${authUserId}, 'credential', ${authUserId}, ${passwordHash}, ${now}, ${now})`.execute(
    trx,
  );
  return ended;
}

interface SignUp {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  name: string;
  callbackURL?: string | undefined;
}

/**
 * A sign-up for an address whose account was never confirmed: the account becomes this sign-up's
 * (password, names), everything set before is dropped, and a confirmation link bound to the new
 * password is sent. Answers as better-auth answers a fresh sign-up; null hands a confirmed or
 * unknown address over to better-auth.
 */
export async function signUpOverUnconfirmed(
  deps: Deps,
  signUp: SignUp,
  browser: string | null,
): Promise<Response | null> {
  const email = signUp.email.trim().toLowerCase();
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE email = ${email} AND NOT "emailVerified"`.execute(deps.db);
  const found = rows[0];
  if (!found) return null;
  const context = await deps.auth.$context;
  const hash = await context.password.hash(signUp.password);
  const now = new Date();
  const taken = await deps.db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: string }>`
      SELECT id FROM auth_user WHERE id = ${found.id} AND NOT "emailVerified" FOR UPDATE`.execute(trx);
    if (!locked.rows[0]) return null;
    await sql`
      UPDATE auth_user SET name = ${signUp.name}, firstname = ${signUp.firstname}, lastname = ${signUp.lastname},
        "updatedAt" = ${now} WHERE id = ${found.id}`.execute(trx);
    await sql`
      UPDATE app_user SET firstname = ${signUp.firstname}, lastname = ${signUp.lastname}, updated_at = ${now}
      WHERE auth_user_id = ${found.id}`.execute(trx);
    const ended = await dropAccess(trx, found.id, { sessions: true, password: true, providers: true });
    await sql`
      INSERT INTO auth_account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
      VALUES (${randomBytes(16).toString('hex')}, ${found.id}, 'credential', ${found.id}, ${hash}, ${now}, ${now})`.execute(
      trx,
    );
    return ended;
  });
  if (!taken) return null;
  announceEndedSessions(deps, found.id, taken);
  const token = await signJWT(
    {
      email,
      userId: found.id,
      pw: passwordBinding(deps.env.SECRET, hash),
      ...(browser ? { b: browser } : {}),
    },
    deps.env.SECRET,
    EMAIL_VERIFICATION_EXPIRES_SECONDS,
  );
  const url = new URL('/api/auth/verify-email', deps.env.PUBLIC_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('callbackURL', signUp.callbackURL ?? '/');
  deps.mailer.sendInBackground(confirmationEmail(email, url.toString()));
  // The shape of better-auth's answer to a fresh sign-up, with an id that names no account.
  return Response.json({
    token: null,
    user: {
      id: randomBytes(16).toString('base64url').slice(0, 32),
      name: signUp.name,
      email,
      emailVerified: false,
      image: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      firstname: signUp.firstname,
      lastname: signUp.lastname,
      twoFactorEnabled: false,
    },
  });
}

/** Turns the answer of a call once it has run. */
export type AfterProof = (response: Response) => Promise<Response>;

const unchanged: AfterProof = async (response) => response;

/**
 * Before better-auth confirms an address with `url`'s link: a link not bound to the account's
 * current password drops it. After a successful confirmation, sessions and API tokens made before
 * it end, and a confirmation that dropped the password leads to choosing one.
 */
export async function watchConfirmation(
  deps: Deps,
  url: URL,
  cookieHeader: string | undefined,
): Promise<AfterProof> {
  const payload = (await verifyJWT(url.searchParams.get('token') ?? '', deps.env.SECRET)) as {
    email?: unknown;
    updateTo?: unknown;
    pw?: unknown;
    b?: unknown;
  } | null;
  if (!payload || typeof payload.email !== 'string' || payload.updateTo !== undefined) return unchanged;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE email = ${payload.email.toLowerCase()} AND NOT "emailVerified"`.execute(
    deps.db,
  );
  const authUserId = rows[0]?.id;
  if (!authUserId) return unchanged;
  // The password is the link's only in the browser that chose it (sign-up-browser.ts).
  const sameBrowser =
    typeof payload.b === 'string' && isSignUpBrowser(cookieHeader, payload.email, payload.b);
  const binding = typeof payload.pw === 'string' && sameBrowser ? payload.pw : null;
  const before = await deps.db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM auth_user WHERE id = ${authUserId} FOR UPDATE`.execute(trx);
    const hash = await credentialHash(trx, authUserId);
    const keep = hash !== null && binding !== null && passwordBinding(deps.env.SECRET, hash) === binding;
    const ended = keep
      ? []
      : await dropAccess(trx, authUserId, { sessions: true, password: true, providers: false });
    return { passwordDropped: !keep, ended };
  });
  const { passwordDropped } = before;
  return async (response) => {
    const location = response.headers.get('location');
    const failed =
      response.status >= 400 ||
      (location !== null && new URL(location, deps.env.PUBLIC_URL).searchParams.has('error'));
    if (failed) return response;
    const ended = await deps.db
      .transaction()
      .execute((trx) => dropAccess(trx, authUserId, { sessions: true, password: false, providers: false }));
    announceEndedSessions(deps, authUserId, [...before.ended, ...ended]);
    if (!passwordDropped) return response;
    return choosePasswordRedirect(deps, authUserId);
  };
}

/** The page where the person who just proved the address chooses the account's password. */
async function choosePasswordRedirect(deps: Deps, authUserId: string): Promise<Response> {
  const context = await deps.auth.$context;
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: authUserId,
    expiresAt: new Date(Date.now() + CHOOSE_PASSWORD_EXPIRES_SECONDS * 1000),
  });
  return new Response(null, {
    status: 302,
    headers: { location: `/reset-password?token=${encodeURIComponent(token)}&confirmed=1` },
  });
}

/**
 * A magic link proves the address too: better-auth drops an unconfirmed account's password,
 * provider links and sessions itself; the API tokens made before the proof end here.
 */
export async function watchMagicLink(deps: Deps, url: URL): Promise<AfterProof> {
  const token = url.searchParams.get('token');
  if (!token) return unchanged;
  const stored = createHash('sha256').update(token).digest('base64url');
  const context = await deps.auth.$context;
  const pending = await context.internalAdapter.findVerificationValue(`magic-link:${stored}`);
  let email: unknown;
  try {
    email = pending ? (JSON.parse(pending.value) as { email?: unknown }).email : undefined;
  } catch {
    return unchanged;
  }
  if (typeof email !== 'string') return unchanged;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE email = ${email.toLowerCase()} AND NOT "emailVerified"`.execute(deps.db);
  const authUserId = rows[0]?.id;
  if (!authUserId) return unchanged;
  return async (response) => {
    const location = response.headers.get('location');
    if (
      response.status >= 400 ||
      (location && new URL(location, deps.env.PUBLIC_URL).searchParams.has('error'))
    )
      return response;
    await deps.db
      .transaction()
      .execute((trx) => dropAccess(trx, authUserId, { sessions: false, password: false, providers: false }));
    return response;
  };
}
