import type { Kysely } from 'kysely';
import type { ApiToken, Database } from '../../db/schema.ts';

export type ApiTokenRow = Pick<
  ApiToken,
  'api_token_id' | 'name' | 'scope' | 'prefix' | 'created_at' | 'last_used_at'
>;

export const API_TOKEN_COLUMNS = [
  'api_token_id',
  'name',
  'scope',
  'prefix',
  'created_at',
  'last_used_at',
] as const;

/** A person's tokens that still work, newest first. */
export async function activeTokensOf(db: Kysely<Database>, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_token')
    .select(API_TOKEN_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('api_token_id')
    .execute();
}
