import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { hashInvitationToken } from './token.ts';

export interface InvitationRow {
  invitation_id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  firstname: string;
  lastname: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export interface PendingInvitationRow {
  invitation_id: string;
  email: string;
  firstname: string;
  lastname: string;
  created_at: Date;
  expires_at: Date;
  inviter_id: string | null;
  inviter_firstname: string | null;
  inviter_lastname: string | null;
}

export const invitationUsed = () =>
  new HttpError(410, 'invitation_used', 'This invitation has already been used. Sign in to continue.');
const invitationExpired = () =>
  new HttpError(
    410,
    'invitation_expired',
    'This invitation has expired. Ask an owner of the organization to invite you again.',
  );
const invitationRevoked = () =>
  new HttpError(
    410,
    'invitation_revoked',
    'This invitation has been withdrawn. Ask an owner of the organization to invite you again.',
  );
export const invitationUnknown = () => notFound('Invitation');

/** The invitation a link's token opens, whatever its state. */
export async function invitationByToken(
  db: Kysely<Database>,
  token: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.organization_id', 'invitation.organization_id')
    .select([
      'invitation.invitation_id',
      'invitation.organization_id',
      'organization.name as organization_name',
      'invitation.email',
      'invitation.firstname',
      'invitation.lastname',
      'invitation.expires_at',
      'invitation.used_at',
      'invitation.revoked_at',
    ])
    .where('invitation.token_hash', '=', hashInvitationToken(token))
    .executeTakeFirst();
}

/** Why an invitation can no longer be accepted, or null when it still can. */
export function closedReason(invitation: InvitationRow): HttpError | null {
  if (invitation.used_at) return invitationUsed();
  if (invitation.revoked_at) return invitationRevoked();
  if (invitation.expires_at.getTime() <= Date.now()) return invitationExpired();
  return null;
}

/** An invitation that can still be accepted, or the clear reason it cannot. */
export async function openInvitation(db: Kysely<Database>, token: string): Promise<InvitationRow> {
  const invitation = await invitationByToken(db, token);
  if (!invitation) throw invitationUnknown();
  const reason = closedReason(invitation);
  if (reason) throw reason;
  return invitation;
}

/**
 * Whether a confirmed account already uses the address (told only to the holder of the invitation's
 * link). An account never confirmed counts as none: accepting makes it anew (proof-of-address.ts).
 */
export async function accountExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE lower(email) = ${email.toLowerCase()} AND "emailVerified"`.execute(db);
  return rows.length > 0;
}

/** Invitations of the organization still waiting for an answer, newest first. Callers authorize first. */
export async function pendingInvitationsOf(
  db: Kysely<Database>,
  organizationId: string,
): Promise<PendingInvitationRow[]> {
  return db
    .selectFrom('invitation')
    .leftJoin('app_user as inviter', 'inviter.user_id', 'invitation.invited_by')
    .select([
      'invitation.invitation_id',
      'invitation.email',
      'invitation.firstname',
      'invitation.lastname',
      'invitation.created_at',
      'invitation.expires_at',
      'inviter.user_id as inviter_id',
      'inviter.firstname as inviter_firstname',
      'inviter.lastname as inviter_lastname',
    ])
    .where('invitation.organization_id', '=', organizationId)
    .where('invitation.used_at', 'is', null)
    .where('invitation.revoked_at', 'is', null)
    .where('invitation.expires_at', '>', new Date())
    .orderBy('invitation.created_at', 'desc')
    .orderBy('invitation.invitation_id', 'asc')
    .execute();
}
