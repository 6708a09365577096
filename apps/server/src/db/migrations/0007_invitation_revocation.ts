import { type Kysely, sql } from 'kysely';

/**
 * Pending invitations can be revoked (revoked_at); revoked rows are kept, because the daily
 * invitation limits count every invitation sent, per inviting user and per organization, and
 * revoking must not hand the allowance back. The two indexes serve those counts and the owner's
 * list of pending invitations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invitation ADD COLUMN revoked_at timestamptz;
    CREATE INDEX invitation_organization_created_idx ON invitation (organization_id, created_at);
    CREATE INDEX invitation_inviter_created_idx ON invitation (invited_by, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invitation_inviter_created_idx;
    DROP INDEX invitation_organization_created_idx;
    ALTER TABLE invitation DROP COLUMN revoked_at;
  `.execute(db);
}
