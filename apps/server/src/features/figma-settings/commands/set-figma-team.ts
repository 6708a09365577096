import type { FigmaTeamSaved } from '@figgle/shared/figma-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { organizationUpdated } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import type { FigmaClient } from '../../../figma/client.ts';
import { isFigmaError } from '../../../figma/errors.ts';
import { holdPendingPasscode, newPasscode } from '../../../figma/passcodes.ts';
import { figmaClient, tokenOfUser } from '../../../figma/tokens.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { presentOrganizationSettings } from '../presenter.ts';
import { figmaSettingsOfOrganization } from '../queries.ts';

type Deps = Pick<AppDeps, 'db' | 'env' | 'bus'> & { log: { warn(object: object, message: string): void } };

const NO_TOKEN_MESSAGE = 'Register your Figma token first: Figgle uses it to connect the team.';

function webhookEndpoint(publicUrl: string): string {
  return `${publicUrl}/api/figma/webhook`;
}

/**
 * figma-register-webhook: saves the team id, then registers a FILE_COMMENT webhook for the team with
 * the saving owner's token and a fresh passcode. The organization's previous webhook is deleted once
 * the new one exists, so Save also refreshes a broken integration. When Figma refuses, the team id
 * stays saved and `webhook_error` says why; a previous webhook for another team is removed.
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

async function register(
  deps: Deps,
  user: CurrentUser,
  organizationId: string,
  teamId: string,
): Promise<FigmaTeamSaved> {
  const { db, env } = deps;
  const before = await db
    .selectFrom('organization')
    .select(['figma_team_id', 'figma_webhook_id'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!before) throw notFound('Organization');

  const token = await tokenOfUser(db, env, user.user_id);
  let webhookError: string | null = null;
  if (!token) {
    webhookError = NO_TOKEN_MESSAGE;
  } else {
    const client = figmaClient(env, token);
    const passcode = newPasscode();
    const release = holdPendingPasscode(passcode);
    try {
      const webhook = await client.createWebhook({
        teamId,
        endpoint: webhookEndpoint(env.PUBLIC_URL),
        passcode,
        description: 'Figgle: comments become tasks',
      });
      await db
        .updateTable('organization')
        .set({
          figma_team_id: teamId,
          figma_webhook_id: webhook.id,
          figma_webhook_passcode: passcode,
          figma_webhook_user_id: user.user_id,
        })
        .where('organization_id', '=', organizationId)
        .execute();
      if (before.figma_webhook_id && before.figma_webhook_id !== webhook.id) {
        await deleteQuietly(deps, client, before.figma_webhook_id);
      }
      await removeForgottenWebhooks(deps, client, teamId, webhook.id);
    } catch (error) {
      if (!isFigmaError(error)) throw error;
      webhookError = error.message;
    } finally {
      release();
    }
  }

  if (webhookError !== null) {
    const sameTeam = before.figma_team_id === teamId;
    if (!sameTeam && before.figma_webhook_id && token) {
      await deleteQuietly(deps, figmaClient(env, token), before.figma_webhook_id);
    }
    await db
      .updateTable('organization')
      .set(
        sameTeam
          ? { figma_team_id: teamId }
          : {
              figma_team_id: teamId,
              figma_webhook_id: null,
              figma_webhook_passcode: null,
              figma_webhook_user_id: null,
            },
      )
      .where('organization_id', '=', organizationId)
      .execute();
  }

  const after = await figmaSettingsOfOrganization(db, organizationId);
  if (!after) throw notFound('Organization');
  return { ...presentOrganizationSettings(after), webhook_error: webhookError };
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
  keptId: string,
): Promise<void> {
  try {
    const endpoint = webhookEndpoint(deps.env.PUBLIC_URL);
    const ours = (await client.listTeamWebhooks(teamId)).filter(
      (webhook) => webhook.endpoint === endpoint && webhook.id !== keptId,
    );
    if (ours.length === 0) return;
    const known = await deps.db
      .selectFrom('organization')
      .select('figma_webhook_id')
      .where(
        'figma_webhook_id',
        'in',
        ours.map((webhook) => webhook.id),
      )
      .execute();
    const knownIds = new Set(known.map((row) => row.figma_webhook_id));
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
