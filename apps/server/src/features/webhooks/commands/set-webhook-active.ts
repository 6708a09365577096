import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import { WEBHOOK_COLUMNS, type WebhookRow } from '../queries.ts';

/**
 * Turns a webhook off (deliveries still queued are dropped when their turn comes) or back on; on
 * resumes a paused one too, with its count of timeouts in a row back at 0.
 */
export async function setWebhookActive(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { organizationId, webhookId, active }: { organizationId: string; webhookId: string; active: boolean },
): Promise<WebhookRow> {
  await authorize(db, user, 'organization.manageWebhooks', organizationId);
  const row = await db
    .updateTable('webhook')
    .set(active ? { active, paused_at: null, paused_reason: null, timeouts_in_a_row: 0 } : { active })
    .where('organization_id', '=', organizationId)
    .where('webhook_id', '=', webhookId)
    .returning(WEBHOOK_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound('Webhook');
  return row;
}
