import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { authorizeUrl, isOAuthConfigured } from '../../../figma/oauth-client.ts';
import { HttpError } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';

/** A started authorization may come back within this long (Figma's own page included). */
const STATE_LIFETIME_MS = 10 * 60_000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function notConfigured(): HttpError {
  return new HttpError(
    409,
    'figma_oauth_not_configured',
    'This server has no Figma OAuth app: set FIGMA_OAUTH_CLIENT_ID and FIGMA_OAUTH_CLIENT_SECRET, or use a personal token.',
  );
}

/**
 * "Connect with Figma": a random state, kept only as its hash and bound to this owner, this session
 * and this organization, then Figma's authorization page to send the browser to.
 */
export async function startFigmaOAuth(
  { db, env, clock }: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  user: CurrentUser,
  { organizationId, sessionToken }: { organizationId: string; sessionToken: string },
): Promise<{ authorize_url: string }> {
  await authorize(db, user, 'organization.setFigmaTeam', organizationId);
  if (!isOAuthConfigured(env)) throw notConfigured();
  const state = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db
    .deleteFrom('figma_oauth_state')
    .where('expires_at', '<', new Date(now.getTime() - STATE_LIFETIME_MS))
    .execute();
  await db
    .insertInto('figma_oauth_state')
    .values({
      state_hash: sha256(state),
      organization_id: organizationId,
      user_id: user.user_id,
      session_hash: sha256(sessionToken),
      expires_at: new Date(now.getTime() + STATE_LIFETIME_MS),
    })
    .execute();
  return { authorize_url: authorizeUrl(env, state) };
}
