import { randomBytes } from 'node:crypto';
import { INVITED_ROLE } from '@figgle/shared/roles';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import { ensureProfile } from '../../../auth/profile.ts';
import { announceEndedSessions, takeOverUnconfirmed } from '../../../auth/proof-of-address.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { badRequest } from '../../../http/errors.ts';
import { closedReason, invitationByToken, invitationUnknown, invitationUsed } from '../queries.ts';
import { hashInvitationToken } from '../token.ts';

interface AuthIdentity {
  id: string;
  email: string;
  name: string;
  firstname: string | null;
  lastname: string | null;
}

export interface AcceptedInvitation {
  organizationId: string;
  email: string;
  /** Set when a new account was made: the Set-Cookie headers of its first session. */
  sessionCookies: string[];
  accountCreated: boolean;
}

const passwordNeeded = () =>
  badRequest('Choose a password to create your account.', [
    { path: 'body.password', message: 'The password is required.' },
  ]);

/**
 * Following the emailed link proves the address and is the consent to join. An address without an
 * account, or whose account was never confirmed (its password, sessions and tokens are dropped), gets one, verified, with the chosen password, and is signed in; an existing account joins
 * and keeps its password. Claiming the link, the account, its profile and the membership are one
 * transaction: if any step fails, nothing stays, and the same link can be used again.
 */
export async function acceptInvitation(
  deps: Pick<AppDeps, 'db' | 'bus' | 'auth' | 'sessionMemory'>,
  { token, password }: { token: string; password?: string | undefined },
): Promise<AcceptedInvitation> {
  const { db, bus, auth } = deps;
  const context = await auth.$context;
  // Hashing is slow on purpose: done before the transaction, which then holds its locks briefly.
  const passwordHash = password === undefined ? null : await context.password.hash(password);

  const write = () =>
    db.transaction().execute(async (trx) => {
      // Claim the single-use link first: of two concurrent acceptances only one gets the row.
      const claimed = await trx
        .updateTable('invitation')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hashInvitationToken(token))
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('invitation_id')
        .executeTakeFirst();
      const invitation = await invitationByToken(trx, token);
      if (!invitation) throw invitationUnknown();
      if (!claimed) throw closedReason(invitation) ?? invitationUsed();

      const existing = await sql<AuthIdentity & { emailVerified: boolean }>`
        select id, email, name, firstname, lastname, "emailVerified" from auth_user
        where lower(email) = ${invitation.email.toLowerCase()} for update
      `.execute(trx);
      let authUser: AuthIdentity | undefined = existing.rows[0];
      let accountCreated = false;
      let endedSessions: string[] = [];
      if (existing.rows[0] && !existing.rows[0].emailVerified) {
        // Never confirmed: whoever registered it did not prove the address; the link just did.
        if (passwordHash === null) throw passwordNeeded();
        endedSessions = await takeOverUnconfirmed(trx, existing.rows[0].id, invitation, passwordHash);
        authUser = {
          id: existing.rows[0].id,
          email: invitation.email,
          name: `${invitation.firstname} ${invitation.lastname}`.trim(),
          firstname: invitation.firstname,
          lastname: invitation.lastname,
        };
        accountCreated = true;
      }
      if (!authUser) {
        if (passwordHash === null) throw passwordNeeded();
        const now = new Date();
        const id = context.generateId({ model: 'user' }) || randomBytes(16).toString('hex');
        const name = `${invitation.firstname} ${invitation.lastname}`.trim();
        await sql`
          insert into auth_user (id, name, email, "emailVerified", firstname, lastname, "createdAt", "updatedAt")
          values (${id}, ${name}, ${invitation.email}, true, ${invitation.firstname}, ${invitation.lastname}, ${now}, ${now})
        `.execute(trx);
        const accountId = context.generateId({ model: 'account' }) || randomBytes(16).toString('hex');
        await sql`
          insert into auth_account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
          values (${accountId}, ${id}, 'credential', ${id}, ${passwordHash}, ${now}, ${now})
        `.execute(trx);
        authUser = {
          id,
          email: invitation.email,
          name,
          firstname: invitation.firstname,
          lastname: invitation.lastname,
        };
        accountCreated = true;
      }

      const profile = await ensureProfile(trx, authUser);
      if (accountCreated)
        await trx
          .updateTable('app_user')
          .set({ firstname: invitation.firstname, lastname: invitation.lastname })
          .where('user_id', '=', profile.user_id)
          .execute();
      await trx
        .insertInto('rule')
        .values({ organization_id: invitation.organization_id, user_id: profile.user_id, role: INVITED_ROLE })
        .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
        .execute();
      // An invited person has names and an organization already: there is nothing to onboard.
      if (accountCreated)
        await trx
          .updateTable('app_user')
          .set({ needs_onboarding: false, updated_at: new Date() })
          .where('user_id', '=', profile.user_id)
          .execute();
      return { invitation, userId: profile.user_id, accountCreated, authUserId: authUser.id, endedSessions };
    });

  const { invitation, accountCreated, authUserId, endedSessions } = await publishAfterCommit(
    bus,
    write,
    ({ invitation, userId }) => ({
      event: {
        kind: 'membership',
        action: 'created',
        id: userId,
        organizationId: invitation.organization_id,
        actorId: userId,
      },
    }),
  );

  announceEndedSessions(deps, authUserId, endedSessions);
  let sessionCookies: string[] = [];
  if (accountCreated && password !== undefined) {
    const { headers } = await auth.api.signInEmail({
      body: { email: invitation.email, password },
      returnHeaders: true,
    });
    sessionCookies = headers.getSetCookie();
  }
  return {
    organizationId: invitation.organization_id,
    email: invitation.email,
    sessionCookies,
    accountCreated,
  };
}
