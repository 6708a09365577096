import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/** Invitations allowed in any 24 hours, per inviting user (across organizations) and per organization. */
const INVITATIONS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const tooManyFromUser = () =>
  new HttpError(
    429,
    'too_many_invitations',
    `You have sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most allowed. Please try again tomorrow.`,
  );
const tooManyForOrganization = () =>
  new HttpError(
    429,
    'too_many_invitations',
    `This organization has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most allowed. Please try again tomorrow.`,
  );

/**
 * Throws 429 when the inviter or the organization has used the day's allowance. Counted from the
 * table (revoked and accepted invitations included), so the limit holds across restarts and servers.
 * The caller holds the organization's row lock; the inviter's lock taken here serializes one person's
 * invitations to several organizations, so two concurrent requests cannot both take the last one.
 */
export async function checkInvitationLimits(
  trx: Transaction<Database>,
  inviterId: string,
  organizationId: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invitations:${inviterId}`}, 0))`.execute(trx);
  const since = new Date(Date.now() - DAY_MS);
  const counts = await trx
    .selectFrom('invitation')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('invited_by', '=', inviterId).as('by_inviter'),
      eb.fn.countAll<string>().filterWhere('organization_id', '=', organizationId).as('in_organization'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('invited_by', '=', inviterId), eb('organization_id', '=', organizationId)]))
    .executeTakeFirstOrThrow();
  if (Number(counts.by_inviter) >= INVITATIONS_PER_DAY) throw tooManyFromUser();
  if (Number(counts.in_organization) >= INVITATIONS_PER_DAY) throw tooManyForOrganization();
}
