import { WEBHOOKS_PER_ORGANIZATION, type WebhookEvent } from '@figgle/shared/webhook-schemas';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { lockOrganization } from '../../../db/row-locks.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { parseWebhookUrl, resolveTarget, UnsafeTargetError } from '../address-guard.ts';
import { WEBHOOK_COLUMNS, type WebhookRow } from '../queries.ts';
import { encryptWebhookSecret, newWebhookSecret } from '../secret.ts';

/**
 * A new webhook of the organization (owners). The URL is refused when it is not http(s), carries a
 * password, or resolves to a private address now (without WEBHOOKS_ALLOW_PRIVATE); every send checks
 * again. Answers the row and its signing secret, which is shown this once.
 */
export async function createWebhook(
  { db, env, hostLookup }: Pick<AppDeps, 'db' | 'env' | 'hostLookup'>,
  user: CurrentUser,
  { organizationId, webhook }: { organizationId: string; webhook: { url: string; events: WebhookEvent[] } },
): Promise<{ row: WebhookRow; secret: string }> {
  await authorize(db, user, 'organization.manageWebhooks', organizationId);
  let url: URL;
  try {
    url = parseWebhookUrl(webhook.url);
    await resolveTarget(url, env.WEBHOOKS_ALLOW_PRIVATE, hostLookup);
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw badRequest(error.message);
    throw error;
  }
  const secret = newWebhookSecret();
  const row = await db.transaction().execute(async (trx) => {
    // Counted under the organization's row lock: two creations at once cannot pass the limit together.
    await lockOrganization(trx, organizationId);
    const { count } = await trx
      .selectFrom('webhook')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOKS_PER_ORGANIZATION)
      throw conflict(`An organization has at most ${WEBHOOKS_PER_ORGANIZATION} webhooks: delete one first.`);
    return trx
      .insertInto('webhook')
      .values({
        organization_id: organizationId,
        url: url.href,
        events: webhook.events,
        secret_encrypted: encryptWebhookSecret(secret, env.SECRET),
        created_by: user.user_id,
      })
      .returning(WEBHOOK_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return { row, secret };
}
