import { INVITED_ROLE } from '@figgle/shared/roles';
import type { AppDeps } from '../../../app.ts';
import { ensureProfile } from '../../../auth/profile.ts';
import { invitationByToken, invitationUnknown, invitationUsed, openInvitation } from '../queries.ts';
import { hashInvitationToken } from '../token.ts';

export interface AcceptedInvitation {
  organizationId: string;
  email: string;
  /** Set when a new account was made: the Set-Cookie headers of its first session. */
  sessionCookies: string[];
  accountCreated: boolean;
}

/**
 * Following the emailed link proves the address, so the account is created verified with the
 * chosen password (better-auth's own hasher and adapter), joins as MEMBER, and is signed in.
 * If the address got an account meanwhile, it simply joins; its password is left alone.
 */
export async function acceptInvitation(
  { db, bus, auth }: Pick<AppDeps, 'db' | 'bus' | 'auth'>,
  token: string,
  password: string,
): Promise<AcceptedInvitation> {
  // Claim the single-use link atomically: of two concurrent acceptances only one gets the row.
  const claimed = await db
    .updateTable('invitation')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashInvitationToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('invitation_id')
    .executeTakeFirst();
  if (!claimed) {
    await openInvitation(db, token); // throws the reason it cannot be used
    throw invitationUsed(); // it was open a moment ago: someone else just used it
  }
  const invitation = await invitationByToken(db, token);
  if (!invitation) throw invitationUnknown();

  const context = await auth.$context;
  let accountCreated = false;
  let authUser = (await context.internalAdapter.findUserByEmail(invitation.email))?.user;
  if (!authUser) {
    try {
      const hash = await context.password.hash(password);
      authUser = await context.internalAdapter.createUser(
        {
          email: invitation.email,
          name: `${invitation.firstname} ${invitation.lastname}`.trim(),
          firstname: invitation.firstname,
          lastname: invitation.lastname,
          emailVerified: true,
        },
        { method: 'invitation' },
      );
      await context.internalAdapter.linkAccount({
        userId: authUser.id,
        providerId: 'credential',
        accountId: authUser.id,
        password: hash,
      });
      accountCreated = true;
    } catch (error) {
      await db
        .updateTable('invitation')
        .set({ used_at: null })
        .where('invitation_id', '=', invitation.invitation_id)
        .execute();
      throw error;
    }
  }

  const profile = await ensureProfile(db, authUser);
  await db.transaction().execute(async (trx) => {
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
  });
  await bus.publish({
    kind: 'membership',
    action: 'created',
    id: profile.user_id,
    organizationId: invitation.organization_id,
    actorId: profile.user_id,
  });

  let sessionCookies: string[] = [];
  if (accountCreated) {
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
