import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { FigmaClient } from './client.ts';
import { type AccessEnv, oauthAccessToken } from './oauth-access.ts';
import { decryptToken } from './token-crypto.ts';

type Db = Kysely<Database>;

/** A token and how Figma expects it: OAuth in `Authorization: Bearer`, personal in `X-Figma-Token`. */
export interface FigmaCredential {
  token: string;
  kind: 'oauth' | 'personal';
}

/** A client speaking to Figma (FIGMA_API_URL) with a credential, or a person's token (a string). */
export function figmaClient(env: Pick<Env, 'FIGMA_API_URL'>, token: string | FigmaCredential): FigmaClient {
  const credential: FigmaCredential = typeof token === 'string' ? { token, kind: 'personal' } : token;
  return new FigmaClient(
    { baseUrl: env.FIGMA_API_URL, bearer: credential.kind === 'oauth' },
    credential.token,
  );
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
 * THE way every Figma job and command gets the organization's Figma client (figmaClient of this
 * credential, or figmaClientOfOrganization): its OAuth connection first, refreshed before it expires
 * (figma/oauth-access.ts); without one, a personal token: the one that registered the webhook, else
 * any owner's, oldest owner first. Throws FigmaError bad_token while the OAuth connection is broken
 * (a refused refresh): no job runs blind, and none falls back to a token owners chose to replace.
 */
export async function tokenOfOrganization(
  db: Db,
  env: AccessEnv,
  organizationId: string,
): Promise<FigmaCredential | null> {
  const oauth = await oauthCredentialOfOrganization(db, env, organizationId);
  if (oauth) return oauth;
  const personal = await personalTokenOfOrganization(db, env, organizationId);
  return personal ? { token: personal, kind: 'personal' } : null;
}

/** The organization's OAuth connection alone (null without one); throws like tokenOfOrganization. */
export async function oauthCredentialOfOrganization(
  db: Db,
  env: AccessEnv,
  organizationId: string,
): Promise<FigmaCredential | null> {
  const token = await oauthAccessToken(db, env, organizationId);
  return token ? { token, kind: 'oauth' } : null;
}

/** The organization's Figma client (see tokenOfOrganization); null when it has no way to Figma. */
export async function figmaClientOfOrganization(
  db: Db,
  env: AccessEnv,
  organizationId: string,
): Promise<FigmaClient | null> {
  const credential = await tokenOfOrganization(db, env, organizationId);
  return credential ? figmaClient(env, credential) : null;
}

/** The organization's owners who saved a personal Figma token (still encrypted), oldest owner first. */
export function ownersWithFigmaToken(db: Db, organizationId: string) {
  return db
    .selectFrom('rule')
    .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
    .select(['app_user.user_id', 'app_user.figma_token_encrypted'])
    .where('rule.organization_id', '=', organizationId)
    .where('rule.role', '=', 'OWNER')
    .where('app_user.figma_token_encrypted', 'is not', null)
    .orderBy('rule.created_at', 'asc')
    .execute();
}

async function personalTokenOfOrganization(
  db: Db,
  env: Pick<Env, 'SECRET'>,
  organizationId: string,
): Promise<string | null> {
  const webhook = await db
    .selectFrom('figma_webhook')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('event_type', '=', 'FILE_COMMENT')
    .executeTakeFirst();
  const owners = await ownersWithFigmaToken(db, organizationId);
  const registrar = webhook?.user_id;
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
