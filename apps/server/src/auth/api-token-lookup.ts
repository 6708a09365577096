import { type Kysely, sql } from 'kysely';
import type { ApiTokenScope, AppUser, Database } from '../db/schema.ts';

export interface TokenOwner {
  profile: AppUser;
  apiTokenId: string;
  scope: ApiTokenScope;
  secretHash: string;
  revoked: boolean;
  lastUsedAt: Date | null;
}

/** The token with this prefix and its owner's profile, in one read; undefined when there is none. */
export async function tokenByPrefix(db: Kysely<Database>, prefix: string): Promise<TokenOwner | undefined> {
  const row = await db
    .selectFrom('api_token')
    .innerJoin('app_user', 'app_user.user_id', 'api_token.user_id')
    .selectAll('app_user')
    .select([
      'api_token.api_token_id',
      'api_token.scope',
      'api_token.secret_hash',
      'api_token.revoked_at',
      'api_token.last_used_at as token_last_used_at',
    ])
    .where('api_token.prefix', '=', prefix)
    .executeTakeFirst();
  if (!row) return undefined;
  const { api_token_id, scope, secret_hash, revoked_at, token_last_used_at, ...profile } = row;
  return {
    profile,
    apiTokenId: api_token_id,
    scope,
    secretHash: secret_hash,
    revoked: revoked_at !== null,
    lastUsedAt: token_last_used_at ? new Date(token_last_used_at) : null,
  };
}

/** Stamps the token's last use, unless another request (or server) did within the minute. */
export async function stampLastUse(db: Kysely<Database>, apiTokenId: string): Promise<void> {
  await db
    .updateTable('api_token')
    .set({ last_used_at: sql<Date>`now()` })
    .where('api_token_id', '=', apiTokenId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
