import type { CreateApiTokenInput } from '@figgle/shared/api-token-schemas';
import type { AppDeps } from '../../../app-types.ts';
import { newToken } from '../../../auth/api-token-secret.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { conflict } from '../../../http/errors.ts';
import { API_TOKEN_COLUMNS, type ApiTokenRow } from '../queries.ts';

/** Enough for every script a person runs; past it, an old token is surely forgotten somewhere. */
const MAX_ACTIVE_TOKENS = 50;

/**
 * A new token of the signed-in person, returned with the token itself, which only its hash
 * outlives. A prefix already taken (one chance in 36^10) is drawn again.
 */
export async function createApiToken(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  input: CreateApiTokenInput,
): Promise<{ row: ApiTokenRow; token: string }> {
  const active = await db
    .selectFrom('api_token')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', user.user_id)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(active.count) >= MAX_ACTIVE_TOKENS) {
    throw conflict(`You have ${MAX_ACTIVE_TOKENS} API tokens. Revoke one you no longer use first.`);
  }
  for (;;) {
    const fresh = newToken();
    const row = await db
      .insertInto('api_token')
      .values({
        user_id: user.user_id,
        name: input.name,
        scope: input.scope,
        prefix: fresh.prefix,
        secret_hash: fresh.secretHash,
      })
      .onConflict((oc) => oc.column('prefix').doNothing())
      .returning(API_TOKEN_COLUMNS)
      .executeTakeFirst();
    if (row) return { row, token: fresh.token };
  }
}
