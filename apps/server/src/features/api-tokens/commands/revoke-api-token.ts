import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';

/**
 * Ends one of the signed-in person's tokens: the next request made with it is a 401 (each request
 * reads the token's row). Someone else's token, or one already revoked, is a 404.
 */
export async function revokeApiToken(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { apiTokenId }: { apiTokenId: string },
): Promise<void> {
  const revoked = await db
    .updateTable('api_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('api_token_id', '=', apiTokenId)
    .where('user_id', '=', user.user_id)
    .where('revoked_at', 'is', null)
    .returning('api_token_id')
    .executeTakeFirst();
  if (!revoked) throw notFound('API token');
}
