import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { notFound } from '../../../http/errors.ts';
import { authorize } from '../../../policies/authorize.ts';

/** Deletes a webhook and its delivery log; deliveries still queued find it gone and send nothing. */
export async function deleteWebhook(
  { db }: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  { organizationId, webhookId }: { organizationId: string; webhookId: string },
): Promise<void> {
  await authorize(db, user, 'organization.manageWebhooks', organizationId);
  const deleted = await db
    .deleteFrom('webhook')
    .where('organization_id', '=', organizationId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Webhook');
}
