import type { FigmaTeamSaved } from '@figgle/shared/figma-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import type { FigmaClient } from '../../../figma/client.ts';
import { isFigmaError } from '../../../figma/errors.ts';
import { holdPendingPasscode, newPasscode } from '../../../figma/passcodes.ts';
import {
  type FigmaCredential,
  figmaClient,
  oauthCredentialOfOrganization,
  tokenOfUser,
} from '../../../figma/tokens.ts';
import { FIGMA_WEBHOOK_EVENT_TYPES, type FigmaWebhookEventType } from '../../../figma/webhook-delivery.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { presentOrganizationSettings } from '../presenter.ts';
import { figmaSettingsOfOrganization } from '../queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'bus'> & { log: { warn(object: object, message: string): void } };

const NO_TOKEN_MESSAGE =
  'Register your Figma token first (or Connect with Figma): Figgle uses it to connect the team.';

/** Each webhook's description in Figma (at most 150 characters): what Figgle does with its events. */
const DESCRIPTIONS: Record<FigmaWebhookEventType, string> = {
  FILE_COMMENT: 'comments become tasks',
  DEV_MODE_STATUS_UPDATE: 'Ready for dev on linked designs',
  FILE_VERSION_UPDATE: 'new versions of linked designs',
  FILE_UPDATE: 'changes to linked designs',
};

function webhookEndpoint(publicUrl: string): string {
  return `${publicUrl}/api/figma/webhook`;
}

/**
 * figma-register-webhook: saves the team id, then registers one webhook per event type Figgle uses
 * (FIGMA_WEBHOOK_EVENT_TYPES) for the team with the saving owner's token, each with a fresh passcode,
 * kept in table figma_webhook. The organization's previous webhooks are deleted once the new ones
 * exist, so Save also refreshes a broken integration. When Figma refuses one, those made so far are
 * deleted, the team id stays saved and `webhook_error` says why; previous webhooks for another team
 * are removed.
 */
export async function setFigmaTeam(
  deps: Deps,
  user: CurrentUser,
  { organizationId, teamId }: { organizationId: string; teamId: string },
): Promise<FigmaTeamSaved> {
  await authorize(deps.db, user, 'organization.setFigmaTeam', organizationId);
  // The write is several single statements around Figma's answers, each committed by itself.
  return publishAfterCommit(
    deps.bus,
    () => serially(`figma-team:${organizationId}`, () => register(deps, user, organizationId, teamId)),
    () => organizationUpdated(organizationId, user.user_id),
  );
}

interface Registered {
  event_type: FigmaWebhookEventType;
  webhook_id: string;
  passcode: string;
}

/**
 * Whose access registers the webhooks: the organization's OAuth connection first (its jobs use it
 * too), else the owner's own personal token. A broken OAuth connection is said, not worked around.
 */
async function registrationToken(
  { db, env }: Pick<Deps, 'db' | 'env'>,
  user: CurrentUser,
  organizationId: string,
): Promise<{ token: string | FigmaCredential | null; problem: string | null }> {
  try {
    const oauth = await oauthCredentialOfOrganization(db, env, organizationId);
    return { token: oauth ?? (await tokenOfUser(db, env, user.user_id)), problem: null };
  } catch (error) {
    if (!isFigmaError(error)) throw error;
    return { token: null, problem: error.message };
  }
}

async function register(
  deps: Deps,
  user: CurrentUser,
  organizationId: string,
  teamId: string,
): Promise<FigmaTeamSaved> {
  const { db, env } = deps;
  const before = await db
    .selectFrom('organization')
    .select('figma_team_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!before) throw notFound('Organization');
  const previousIds = (
    await db
      .selectFrom('figma_webhook')
      .select('webhook_id')
      .where('organization_id', '=', organizationId)
      .execute()
  ).map((row) => row.webhook_id);

  const { token, problem } = await registrationToken(deps, user, organizationId);
  let webhookError: string | null = problem;
  if (!token) {
    webhookError ??= NO_TOKEN_MESSAGE;
  } else {
    const client = figmaClient(env, token);
    const registered: Registered[] = [];
    const releases: Array<() => void> = [];
    try {
      // One webhook per event type (Figma's Webhooks V2 take one each), all or none.
      for (const eventType of FIGMA_WEBHOOK_EVENT_TYPES) {
        const passcode = newPasscode();
        releases.push(holdPendingPasscode(passcode));
        const webhook = await client.createWebhook({
          teamId,
          eventType,
          endpoint: webhookEndpoint(env.PUBLIC_URL),
          passcode,
          description: `Figgle: ${DESCRIPTIONS[eventType]}`,
        });
        registered.push({ event_type: eventType, webhook_id: webhook.id, passcode });
      }
      await storeTeam(db, organizationId, teamId, registered, user.user_id);
      const keptIds = registered.map((row) => row.webhook_id);
      for (const oldId of previousIds) {
        if (!keptIds.includes(oldId)) await deleteQuietly(deps, client, oldId);
      }
      await removeForgottenWebhooks(deps, client, teamId, keptIds);
    } catch (error) {
      if (!isFigmaError(error)) throw error;
      webhookError = error.message;
      // Those made before Figma refused one were never stored: they go.
      for (const row of registered) await deleteQuietly(deps, client, row.webhook_id);
    } finally {
      for (const release of releases) release();
    }
  }

  if (webhookError !== null) {
    const sameTeam = before.figma_team_id === teamId;
    if (!sameTeam && token) {
      for (const oldId of previousIds) await deleteQuietly(deps, figmaClient(env, token), oldId);
    }
    await storeTeam(db, organizationId, teamId, sameTeam ? 'kept' : [], user.user_id);
  }

  const after = await figmaSettingsOfOrganization(db, organizationId);
  if (!after) throw notFound('Organization');
  return { ...presentOrganizationSettings(after), webhook_error: webhookError };
}

/**
 * Saves the organization's team and, in the same transaction, its stored webhooks: those registered
 * now replace the previous ones, or the previous ones are 'kept'.
 */
async function storeTeam(
  db: Deps['db'],
  organizationId: string,
  teamId: string,
  webhooks: Registered[] | 'kept',
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organization')
      .set({ figma_team_id: teamId })
      .where('organization_id', '=', organizationId)
      .execute();
    if (webhooks === 'kept') return;
    await trx.deleteFrom('figma_webhook').where('organization_id', '=', organizationId).execute();
    if (webhooks.length === 0) return;
    await trx
      .insertInto('figma_webhook')
      .values(webhooks.map((row) => ({ ...row, organization_id: organizationId, user_id: userId })))
      .execute();
  });
}

async function deleteQuietly(deps: Deps, client: FigmaClient, webhookId: string): Promise<void> {
  try {
    await client.deleteWebhook(webhookId);
  } catch (error) {
    deps.log.warn(
      { webhookId, reason: error instanceof Error ? error.message : String(error) },
      'old Figma webhook not deleted',
    );
  }
}

/**
 * Figgle webhooks of this team that no organization knows any more (a failed replacement, a reset
 * database) still count against Figma's 20 webhooks per team: they are removed.
 */
async function removeForgottenWebhooks(
  deps: Deps,
  client: FigmaClient,
  teamId: string,
  keptIds: string[],
): Promise<void> {
  try {
    const endpoint = webhookEndpoint(deps.env.PUBLIC_URL);
    const ours = (await client.listTeamWebhooks(teamId)).filter(
      (webhook) => webhook.endpoint === endpoint && !keptIds.includes(webhook.id),
    );
    if (ours.length === 0) return;
    const known = await deps.db
      .selectFrom('figma_webhook')
      .select('webhook_id')
      .where(
        'webhook_id',
        'in',
        ours.map((webhook) => webhook.id),
      )
      .execute();
    const knownIds = new Set(known.map((row) => row.webhook_id));
    for (const webhook of ours) {
      if (!knownIds.has(webhook.id)) await deleteQuietly(deps, client, webhook.id);
    }
  } catch (error) {
    deps.log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'Figma webhooks not listed',
    );
  }
}
