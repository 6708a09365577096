import type { Kysely } from 'kysely';
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
}

export const invitationUsed = () =>
  new HttpError(410, 'invitation_used', 'This invitation has already been used. Sign in to continue.');
export const invitationExpired = () =>
  new HttpError(
    410,
    'invitation_expired',
    'This invitation has expired. Ask an owner of the organization to invite you again.',
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
    ])
    .where('invitation.token_hash', '=', hashInvitationToken(token))
    .executeTakeFirst();
}

/** An invitation that can still be accepted, or the clear reason it cannot. */
export async function openInvitation(db: Kysely<Database>, token: string): Promise<InvitationRow> {
  const invitation = await invitationByToken(db, token);
  if (!invitation) throw invitationUnknown();
  if (invitation.used_at) throw invitationUsed();
  if (invitation.expires_at.getTime() <= Date.now()) throw invitationExpired();
  return invitation;
}
