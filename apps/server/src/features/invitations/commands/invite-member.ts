import type { InviteMemberInput, PendingInvitation } from '@figgle/shared/invitation-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { conflict } from '../../../http/errors.ts';
import { mailLocale } from '../../../mail/i18n.ts';
import { savedLocaleOf } from '../../../mail/recipient-locale.ts';
import { authorize } from '../../../policies/authorize.ts';
import { invitationEmail } from '../emails.ts';
import { checkInvitationLimits } from '../limits.ts';
import { presentPendingInvitation } from '../presenter.ts';
import { INVITATION_TTL_MS, newInvitationToken } from '../token.ts';

const fullName = (person: { firstname: string; lastname: string; email: string }) =>
  `${person.firstname} ${person.lastname}`.trim() || person.email;

/**
 * Invite (docs/product.md#invitations): every address, with an account or not, gets a single-use link valid
 * 7 days, and joins as MEMBER only by accepting it. The answer is the same in both cases, and never
 * waits for the email (it goes out in the background after the commit), so an owner cannot tell who
 * has an account. An email that fails is logged; the invitation stays listed for the owner to revoke.
 */
export async function inviteMember(
  { db, bus, mailer, env }: Pick<AppDeps, 'db' | 'bus' | 'mailer' | 'env'>,
  inviter: CurrentUser,
  { organizationId, ...input }: InviteMemberInput & { organizationId: string },
): Promise<PendingInvitation> {
  await authorize(db, inviter, 'organization.invite', organizationId);
  const { email } = input;
  const { token, tokenHash } = newInvitationToken();
  const write = () =>
    db.transaction().execute(async (trx) => {
      // Serializes invitations to this organization: the duplicate check and the limit hold under races.
      const organization = await trx
        .selectFrom('organization')
        .select(['name'])
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const member = await trx
        .selectFrom('rule')
        .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
        .select('rule.rule_id')
        .where('rule.organization_id', '=', organizationId)
        .where(sql<string>`lower(app_user.email)`, '=', email)
        .executeTakeFirst();
      if (member) throw conflict(`${email} is already a member of this organization.`);
      const pending = await trx
        .selectFrom('invitation')
        .select('invitation_id')
        .where('organization_id', '=', organizationId)
        .where(sql<string>`lower(email)`, '=', email)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (pending) throw conflict(`${email} has already been invited to this organization.`);
      await checkInvitationLimits(trx, inviter.user_id, organizationId);
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
        .returning(['invitation_id', 'email', 'firstname', 'lastname', 'created_at', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { organization, invitation };
    });

  // Owners with the organization page open read its pending invitations again.
  const created = await publishAfterCommit(bus, write, () =>
    organizationUpdated(organizationId, inviter.user_id),
  );
  const url = new URL('/invitation', env.PUBLIC_URL);
  url.searchParams.set('token', token);
  mailer.sendInBackground(
    invitationEmail({
      to: email,
      firstname: input.firstname,
      inviterName: fullName(inviter),
      organizationName: created.organization.name,
      url: url.toString(),
      locale: mailLocale(await savedLocaleOf(db, email), inviter.locale),
    }),
  );
  return presentPendingInvitation({
    ...created.invitation,
    inviter_id: inviter.user_id,
    inviter_firstname: inviter.firstname,
    inviter_lastname: inviter.lastname,
  });
}
