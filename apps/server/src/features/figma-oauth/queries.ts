import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ownersWithFigmaToken } from '../../figma/tokens.ts';

type Db = Kysely<Database>;

export function connectionOf(db: Db, organizationId: string) {
  return db
    .selectFrom('figma_oauth_connection as connection')
    .leftJoin('app_user', 'app_user.user_id', 'connection.connected_by')
    .select([
      'connection.connected_by',
      'connection.connected_at',
      'connection.scopes',
      'connection.access_expires_at',
      'connection.broken_at',
      'connection.broken_reason',
      'app_user.firstname',
      'app_user.lastname',
      'app_user.email',
    ])
    .where('connection.organization_id', '=', organizationId)
    .executeTakeFirst();
}

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof connectionOf>>>;

/** Whether an owner of the organization saved a personal token (the fallback without OAuth). */
export async function hasOwnerToken(db: Db, organizationId: string): Promise<boolean> {
  return (await ownersWithFigmaToken(db, organizationId)).length > 0;
}

/** The organizations the user owns whose Figma connection is broken: what their notice lists. */
export function brokenConnectionsOwnedBy(db: Db, userId: string) {
  return db
    .selectFrom('figma_oauth_connection as connection')
    .innerJoin('rule', 'rule.organization_id', 'connection.organization_id')
    .innerJoin('organization', 'organization.organization_id', 'connection.organization_id')
    .select(['organization.organization_id', 'organization.name', 'connection.broken_reason'])
    .where('rule.user_id', '=', userId)
    .where('rule.role', '=', 'OWNER')
    .where('connection.broken_at', 'is not', null)
    .orderBy('organization.name')
    .execute();
}
