import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ensureProfile } from '../profile.ts';
import { type DirectoryPerson, type LdapSettings, signInWithDirectory } from './directory.ts';
import { followMappedGroups, rolesFromGroups } from './directory-memberships.ts';

/** auth_account.provider_id of directory accounts; their account_id is the lowercased username. */
export const LDAP_PROVIDER_ID = 'ldap';

/**
 * The path better-auth's two-factor plugin already watches (with /sign-in/email): an account with
 * a second factor gets `{ twoFactorRedirect: true }` and the two_factor cookie, not a session.
 */
const LDAP_SIGN_IN_PATH = '/sign-in/username';

/** What of better-auth's internal adapter a directory sign-in uses (typed here: its type is not exported). */
interface Accounts {
  findAccountOwnerByKey(key: {
    providerId: string;
    accountId: string;
  }): Promise<{ kind: 'owned'; user: AuthUser } | { kind: 'orphaned' } | null>;
  findUserByEmail(
    email: string,
    options: { includeAccounts: true },
  ): Promise<{ user: AuthUser; accounts: Array<{ id: string }> } | null>;
  deleteAccount(id: string): Promise<void>;
  deleteUserSessions(userId: string): Promise<void>;
  updateUser(userId: string, data: { emailVerified: boolean }): Promise<unknown>;
  linkAccount(account: { userId: string; providerId: string; accountId: string }): Promise<unknown>;
  createOAuthUser(
    user: Record<string, unknown> & { email: string; name: string; emailVerified: boolean },
    account: { providerId: string; accountId: string },
  ): Promise<{ user: AuthUser }>;
}

interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The directory account's user: by its account key, else the same address (linked), else new. */
async function userOfPerson(adapter: Accounts, person: DirectoryPerson): Promise<AuthUser> {
  const owner = await adapter.findAccountOwnerByKey({
    providerId: LDAP_PROVIDER_ID,
    accountId: person.username,
  });
  if (owner?.kind === 'owned') return owner.user;
  const existing = await adapter.findUserByEmail(person.email, { includeAccounts: true });
  if (existing) {
    if (!existing.user.emailVerified) {
      // Registered but never confirmed: whoever chose that password never proved the address, the
      // directory did. Their password and sessions go, so a squatter cannot share the account.
      for (const account of existing.accounts) await adapter.deleteAccount(account.id);
      await adapter.deleteUserSessions(existing.user.id);
      await adapter.updateUser(existing.user.id, { emailVerified: true });
    }
    await adapter.linkAccount({
      userId: existing.user.id,
      providerId: LDAP_PROVIDER_ID,
      accountId: person.username,
    });
    return existing.user;
  }
  const created = await adapter.createOAuthUser(
    {
      email: person.email,
      emailVerified: true,
      name: `${person.firstname} ${person.lastname}`.trim() || person.username,
      firstname: person.firstname,
      lastname: person.lastname,
    },
    { providerId: LDAP_PROVIDER_ID, accountId: person.username },
  );
  return created.user;
}

/**
 * Directory sign-in (LDAP) as a better-auth endpoint, so its session, cookie and second factor are
 * better-auth's own, as for a password. Figgle's checks and attempt limits run first (routes.ts).
 */
export function ldapSignIn(settings: LdapSettings, db: Kysely<Database>): BetterAuthPlugin {
  return {
    id: 'figgle-ldap',
    endpoints: {
      signInWithDirectory: createAuthEndpoint(LDAP_SIGN_IN_PATH, { method: 'POST' }, async (ctx) => {
        const body = (ctx.body ?? {}) as { username?: unknown; password?: unknown; rememberMe?: unknown };
        const username = typeof body.username === 'string' ? body.username : '';
        const password = typeof body.password === 'string' ? body.password : '';
        const answer = await signInWithDirectory(settings, username, password);
        if (answer.kind === 'unavailable') {
          throw new APIError('SERVICE_UNAVAILABLE', {
            code: 'DIRECTORY_UNAVAILABLE',
            message:
              'The directory server is not answering. Try again in a few minutes, or ask your administrator.',
          });
        }
        if (answer.kind === 'refused') {
          throw new APIError('UNAUTHORIZED', {
            code: 'INVALID_USERNAME_OR_PASSWORD',
            message: 'Invalid username or password',
          });
        }
        const user = await userOfPerson(ctx.context.internalAdapter as unknown as Accounts, answer.person);
        const profile = await ensureProfile(db, {
          ...user,
          firstname: answer.person.firstname,
          lastname: answer.person.lastname,
        });
        await followMappedGroups(
          db,
          profile.user_id,
          rolesFromGroups(settings.LDAP_GROUP_MAP ?? [], answer.groups),
        );
        const dontRemember = body.rememberMe === false;
        const session = await ctx.context.internalAdapter.createSession(user.id, dontRemember);
        await setSessionCookie(ctx, { session, user }, dontRemember);
        return ctx.json({ token: session.token, redirect: false });
      }),
    },
  } satisfies BetterAuthPlugin;
}
