import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { FigmaError } from '../../../figma/errors.ts';
import { FIGMA_OAUTH_TOKENS } from '../../../figma/oauth-access.ts';
import { exchangeCode, FIGMA_OAUTH_SCOPES, isOAuthConfigured } from '../../../figma/oauth-client.ts';
import { encryptToken } from '../../../figma/token-crypto.ts';
import { badRequest, HttpError } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { notConfigured, sha256 } from './start-figma-oauth.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'bus'>;

export type FinishOutcome = 'connected' | 'denied';

function badState(message: string): HttpError {
  return new HttpError(400, 'figma_oauth_state_invalid', message);
}

/**
 * Figma sent the owner back. The state is taken (deleted) only when it belongs to this user and
 * this session, so it is single use and nobody else can spend it; a forged, reused, foreign or
 * expired state is a 400 that stores nothing. Then the code is exchanged and the tokens stored
 * encrypted, replacing any earlier connection of the organization.
 */
export async function finishFigmaOAuth(
  deps: Deps,
  user: CurrentUser,
  input: { state: string; code?: string; error?: string; sessionToken: string },
): Promise<FinishOutcome> {
  const { db, env, clock } = deps;
  const taken = await db
    .deleteFrom('figma_oauth_state')
    .where('state_hash', '=', sha256(input.state))
    .where('user_id', '=', user.user_id)
    .where('session_hash', '=', sha256(input.sessionToken))
    .returning(['organization_id', 'expires_at'])
    .executeTakeFirst();
  if (!taken) {
    throw badState(
      'This Figma authorization is unknown, already used, or was started by another session: start again with "Connect with Figma".',
    );
  }
  if (new Date(taken.expires_at) <= clock.now()) {
    throw badState('This Figma authorization expired (10 minutes): start again with "Connect with Figma".');
  }
  await authorize(db, user, 'organization.setFigmaTeam', taken.organization_id);
  if (!isOAuthConfigured(env)) throw notConfigured();
  if (input.error) return 'denied';
  if (!input.code) throw badRequest('Figma sent no authorization code.');

  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(env, input.code);
  } catch (error) {
    if (error instanceof FigmaError && error.kind === 'bad_token') {
      throw new HttpError(
        400,
        'figma_oauth_refused',
        `${error.message} Start again with "Connect with Figma".`,
      );
    }
    throw new HttpError(
      502,
      'figma_unavailable',
      'Figma could not be reached to finish the connection: try again.',
    );
  }
  const organizationId = taken.organization_id;
  return publishAfterCommit(
    deps.bus,
    async () => {
      const now = new Date();
      const values = {
        connected_by: user.user_id,
        figma_user_id: tokens.figmaUserId,
        scopes: FIGMA_OAUTH_SCOPES.join(','),
        access_token_encrypted: encryptToken(tokens.accessToken, env.SECRET, FIGMA_OAUTH_TOKENS),
        refresh_token_encrypted: encryptToken(tokens.refreshToken, env.SECRET, FIGMA_OAUTH_TOKENS),
        access_expires_at: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
        refresh_claimed_until: null,
        refreshed_at: null,
        broken_at: null,
        broken_reason: null,
      };
      await db
        .insertInto('figma_oauth_connection')
        .values({ organization_id: organizationId, ...values })
        .onConflict((conflict) => conflict.column('organization_id').doUpdateSet(values))
        .execute();
      return 'connected' as const;
    },
    () => organizationUpdated(organizationId, user.user_id),
  );
}
