import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';
import type { WebhookRow } from '../queries.ts';

/** Turns a webhook off (deliveries still queued are dropped when their turn comes) or back on. */
export async function setWebhookActive(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { organizationId, webhookId, active }: { organizationId: string; webhookId: string; active: boolean },
): Promise<WebhookRow> {
  await authorize(db, user, 'organization.manageWebhooks', organizationId);
  const row = await db
    .updateTable('webhook')
    .set({ active })
    .where('organization_id', '=', organizationId)
    .where('webhook_id', '=', webhookId)
    .returning(['webhook_id', 'organization_id', 'url', 'events', 'active', 'created_at'])
    .executeTakeFirst();
  if (!row) throw notFound('Webhook');
  return row;
}
