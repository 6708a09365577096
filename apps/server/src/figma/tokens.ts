import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { FigmaClient } from './client.ts';
import { decryptToken } from './token-crypto.ts';

type Db = Kysely<Database>;

/** A client speaking to Figma (FIGMA_API_URL) with one person's token. */
export function figmaClient(env: Pick<Env, 'FIGMA_API_URL'>, token: string): FigmaClient {
  return new FigmaClient({ baseUrl: env.FIGMA_API_URL }, token);
}

/** The user's own token, decrypted; null when none is saved (or SECRET changed since). */
export async function tokenOfUser(db: Db, env: Pick<Env, 'SECRET'>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .select('figma_token_encrypted')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.figma_token_encrypted ? decryptToken(row.figma_token_encrypted, env.SECRET) : null;
}

/**
 * The token Figgle uses for an organization's team when no person is asking (webhook processing,
 * replies): the one that registered the webhook, else any owner's, oldest owner first.
 */
export async function tokenOfOrganization(
  db: Db,
  env: Pick<Env, 'SECRET'>,
  organizationId: string,
): Promise<string | null> {
  const organization = await db
    .selectFrom('organization')
    .select('figma_webhook_user_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const owners = await db
    .selectFrom('rule')
    .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
    .select(['app_user.user_id', 'app_user.figma_token_encrypted'])
    .where('rule.organization_id', '=', organizationId)
    .where('rule.role', '=', 'OWNER')
    .where('app_user.figma_token_encrypted', 'is not', null)
    .orderBy('rule.created_at', 'asc')
    .execute();
  const registrar = organization?.figma_webhook_user_id;
  const ordered = [
    ...owners.filter((owner) => owner.user_id === registrar),
    ...owners.filter((owner) => owner.user_id !== registrar),
  ];
  for (const owner of ordered) {
    const token = owner.figma_token_encrypted ? decryptToken(owner.figma_token_encrypted, env.SECRET) : null;
    if (token) return token;
  }
  return null;
}
