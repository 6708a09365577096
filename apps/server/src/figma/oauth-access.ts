import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { FigmaAuthorizationBroken, FigmaError } from './errors.ts';
import { isOAuthConfigured, type OAuthEnv, refreshAccess } from './oauth-client.ts';
import { decryptToken, encryptToken } from './token-crypto.ts';

// The organization's OAuth access token, refreshed before it expires. Several jobs may ask at once:
// within a process they share one refresh (inFlight); across processes the row's
// refresh_claimed_until lets one refresh while the others keep using the access token, which is
// still valid because refreshes start a margin before expiry.

export const FIGMA_OAUTH_TOKENS = 'figma-oauth-token-encryption';

/** Refresh this long before expiry: a quarter of the token's life, at most a day (Figma's live 90 days). */
const MAX_MARGIN_MS = 24 * 3_600_000;
/** How long one process may hold the refresh before another may take it over. */
const CLAIM_MS = 30_000;

type Db = Kysely<Database>;
export type AccessEnv = OAuthEnv & Pick<Env, 'SECRET'>;

function brokenConnectionError(): FigmaError {
  return new FigmaAuthorizationBroken(
    "The organization's Figma connection stopped working (Figma refused to renew its access): an owner must reconnect Figma in Settings, Figma.",
  );
}

const inFlight = new Map<string, Promise<string>>();

/**
 * The organization's OAuth access token; null when it has no OAuth connection (or this server has
 * no OAuth app). Throws FigmaAuthorizationBroken (a FigmaError bad_token) while the connection is
 * broken, so no job runs blind: the worker defers Figma jobs until an owner reconnects.
 */
export async function oauthAccessToken(
  db: Db,
  env: AccessEnv,
  organizationId: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!isOAuthConfigured(env)) return null;
  const row = await readConnection(db, organizationId);
  if (!row) return null;
  if (row.broken_at) throw brokenConnectionError();
  const access = decryptToken(row.access_token_encrypted, env.SECRET, FIGMA_OAUTH_TOKENS);
  if (access && !needsRefresh(row, now)) return access;
  const running = inFlight.get(organizationId);
  if (running) return running;
  const refresh = refreshOnce(db, env, organizationId, row, access, now).finally(() =>
    inFlight.delete(organizationId),
  );
  inFlight.set(organizationId, refresh);
  return refresh;
}

function readConnection(db: Db, organizationId: string) {
  return db
    .selectFrom('figma_oauth_connection')
    .select([
      'access_token_encrypted',
      'refresh_token_encrypted',
      'access_expires_at',
      'refreshed_at',
      'connected_at',
      'broken_at',
    ])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

type ConnectionRow = NonNullable<Awaited<ReturnType<typeof readConnection>>>;

function needsRefresh(row: ConnectionRow, now: Date): boolean {
  const expires = new Date(row.access_expires_at).getTime();
  const issued = new Date(row.refreshed_at ?? row.connected_at).getTime();
  const margin = Math.min(MAX_MARGIN_MS, Math.max(0, (expires - issued) / 4));
  return now.getTime() >= expires - margin;
}

async function refreshOnce(
  db: Db,
  env: AccessEnv,
  organizationId: string,
  row: ConnectionRow,
  access: string | null,
  now: Date,
): Promise<string> {
  const claimed = await db
    .updateTable('figma_oauth_connection')
    .set({ refresh_claimed_until: new Date(Date.now() + CLAIM_MS) })
    .where('organization_id', '=', organizationId)
    .where('access_expires_at', '=', row.access_expires_at)
    .where('broken_at', 'is', null)
    .where((eb) =>
      eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', new Date())]),
    )
    .returning('refresh_token_encrypted')
    .executeTakeFirst();
  if (!claimed) return tokenOfAnotherRefresh(db, env, organizationId, access, row, now);

  const refreshToken = decryptToken(claimed.refresh_token_encrypted, env.SECRET, FIGMA_OAUTH_TOKENS);
  if (!refreshToken) {
    await markBroken(db, organizationId, 'The stored refresh token cannot be read (SECRET changed?).');
    throw brokenConnectionError();
  }
  let refreshed: Awaited<ReturnType<typeof refreshAccess>>;
  try {
    refreshed = await refreshAccess(env, refreshToken);
  } catch (error) {
    if (error instanceof FigmaError && error.kind === 'bad_token') {
      await markBroken(db, organizationId, error.message);
      throw brokenConnectionError();
    }
    await db
      .updateTable('figma_oauth_connection')
      .set({ refresh_claimed_until: null })
      .where('organization_id', '=', organizationId)
      .execute();
    // Figma being down: the current token still works until it expires.
    if (access && now < new Date(row.access_expires_at)) return access;
    throw error;
  }
  const refreshedAt = new Date();
  await db
    .updateTable('figma_oauth_connection')
    .set({
      access_token_encrypted: encryptToken(refreshed.accessToken, env.SECRET, FIGMA_OAUTH_TOKENS),
      ...(refreshed.refreshToken
        ? { refresh_token_encrypted: encryptToken(refreshed.refreshToken, env.SECRET, FIGMA_OAUTH_TOKENS) }
        : {}),
      access_expires_at: new Date(refreshedAt.getTime() + refreshed.expiresInSeconds * 1000),
      refreshed_at: refreshedAt,
      refresh_claimed_until: null,
    })
    .where('organization_id', '=', organizationId)
    .execute();
  return refreshed.accessToken;
}

/** Another process is refreshing: its new token if it is done, else the current one while valid. */
async function tokenOfAnotherRefresh(
  db: Db,
  env: AccessEnv,
  organizationId: string,
  access: string | null,
  row: ConnectionRow,
  now: Date,
): Promise<string> {
  const current = await readConnection(db, organizationId);
  if (!current) throw new FigmaError('bad_token', 'The organization was disconnected from Figma meanwhile.');
  if (current.broken_at) throw brokenConnectionError();
  const changed = new Date(current.access_expires_at).getTime() !== new Date(row.access_expires_at).getTime();
  const latest = decryptToken(current.access_token_encrypted, env.SECRET, FIGMA_OAUTH_TOKENS);
  if (changed && latest) return latest;
  if (access && now < new Date(row.access_expires_at)) return access;
  throw new FigmaError(
    'unavailable',
    "The organization's Figma access is being renewed: trying again shortly.",
  );
}

async function markBroken(db: Db, organizationId: string, reason: string): Promise<void> {
  await db
    .updateTable('figma_oauth_connection')
    .set({ broken_at: new Date(), broken_reason: reason.slice(0, 500), refresh_claimed_until: null })
    .where('organization_id', '=', organizationId)
    .execute();
}
