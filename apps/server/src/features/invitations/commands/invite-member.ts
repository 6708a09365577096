import type { InviteMemberInput } from '@figgle/shared/organization-schemas';
import { INVITED_ROLE } from '@figgle/shared/roles';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { conflict, HttpError } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { addedToOrganizationEmail, invitationEmail } from '../emails.ts';
import { INVITATION_TTL_MS, newInvitationToken } from '../token.ts';

export type InviteOutcome = 'added' | 'invited';

const fullName = (person: { firstname: string; lastname: string; email: string }) =>
  `${person.firstname} ${person.lastname}`.trim() || person.email;

/**
 * Invite (accounts-admin §7): an address that already has an account joins at once as MEMBER and
 * is told by email; a new address gets a single-use link, valid 7 days, to set a password and join.
 * Mail goes out after the commit; a new invitation whose email cannot be sent is withdrawn.
 */
export async function inviteMember(
  { db, bus, mailer, env }: Pick<AppDeps, 'db' | 'bus' | 'mailer' | 'env'>,
  log: FastifyBaseLogger,
  inviter: CurrentUser,
  organizationId: string,
  input: InviteMemberInput,
): Promise<{ outcome: InviteOutcome; email: string }> {
  await authorize(db, inviter, 'organization.invite', organizationId);
  const { email } = input;
  const result = await db.transaction().execute(async (trx) => {
    const organization = await trx
      .selectFrom('organization')
      .select(['name'])
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const account = await trx
      .selectFrom('app_user')
      .select(['user_id', 'firstname'])
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirst();
    if (account) {
      const existing = await trx
        .selectFrom('rule')
        .select('rule_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', account.user_id)
        .executeTakeFirst();
      if (existing) throw conflict(`${email} is already a member of this organization.`);
      await trx
        .insertInto('rule')
        .values({ organization_id: organizationId, user_id: account.user_id, role: INVITED_ROLE })
        .execute();
      return { outcome: 'added' as const, organization, account, token: null };
    }
    const pending = await trx
      .selectFrom('invitation')
      .select('invitation_id')
      .where('organization_id', '=', organizationId)
      .where(sql<string>`lower(email)`, '=', email)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (pending) throw conflict(`${email} has already been invited to this organization.`);
    const { token, tokenHash } = newInvitationToken();
    const invitation = await trx
      .insertInto('invitation')
      .values({
        organization_id: organizationId,
        email,
        firstname: input.firstname,
        lastname: input.lastname,
        token_hash: tokenHash,
        invited_by: inviter.user_id,
        expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning('invitation_id')
      .executeTakeFirstOrThrow();
    return {
      outcome: 'invited' as const,
      organization,
      account: null,
      token,
      invitationId: invitation.invitation_id,
    };
  });

  const inviterName = fullName(inviter);
  if (result.outcome === 'added') {
    await bus.publish({
      kind: 'membership',
      action: 'created',
      id: result.account.user_id,
      organizationId,
      actorId: inviter.user_id,
    });
    // The membership stands even if the courtesy email fails; the failure is logged.
    await mailer
      .send(
        addedToOrganizationEmail({
          to: email,
          firstname: result.account.firstname,
          inviterName,
          organizationName: result.organization.name,
          url: new URL('/projects', env.PUBLIC_URL).toString(),
        }),
      )
      .catch((error: unknown) => log.error({ err: error }, 'membership email not sent'));
    return { outcome: 'added', email };
  }

  const url = new URL('/invitation', env.PUBLIC_URL);
  url.searchParams.set('token', result.token);
  try {
    await mailer.send(
      invitationEmail({
        to: email,
        firstname: input.firstname,
        inviterName,
        organizationName: result.organization.name,
        url: url.toString(),
      }),
    );
  } catch (error) {
    log.error({ err: error }, 'invitation email not sent');
    await db.deleteFrom('invitation').where('invitation_id', '=', result.invitationId).execute();
    throw new HttpError(
      502,
      'mail_failed',
      `The invitation email to ${email} could not be sent. Nothing was changed; please try again later.`,
    );
  }
  return { outcome: 'invited', email };
}
