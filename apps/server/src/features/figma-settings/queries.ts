import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The organization's comment webhook (table figma_webhook): its being there is the link being live. */
function commentWebhookId(eb: ExpressionBuilder<Database, 'organization'>) {
  return eb
    .selectFrom('figma_webhook')
    .select('figma_webhook.webhook_id')
    .whereRef('figma_webhook.organization_id', '=', 'organization.organization_id')
    .where('figma_webhook.event_type', '=', 'FILE_COMMENT')
    .as('figma_webhook_id');
}

export interface OwnedOrganizationRow {
  organization_id: string;
  name: string;
  figma_team_id: string | null;
  figma_webhook_id: string | null;
  figma_reply_on_done: boolean;
}

/** The organizations the user owns, oldest first: the ones whose Figma team they may set. */
export function ownedOrganizations(db: Kysely<Database>, userId: string): Promise<OwnedOrganizationRow[]> {
  return db
    .selectFrom('organization')
    .innerJoin('rule', 'rule.organization_id', 'organization.organization_id')
    .select([
      'organization.organization_id',
      'organization.name',
      'organization.figma_team_id',
      commentWebhookId,
      'organization.figma_reply_on_done',
    ])
    .where('rule.user_id', '=', userId)
    .where('rule.role', '=', 'OWNER')
    .orderBy('organization.created_at', 'asc')
    .orderBy('organization.organization_id', 'asc')
    .execute();
}

export function figmaSettingsOfOrganization(
  db: Kysely<Database>,
  organizationId: string,
): Promise<OwnedOrganizationRow | undefined> {
  return db
    .selectFrom('organization')
    .select(['organization_id', 'name', 'figma_team_id', commentWebhookId, 'figma_reply_on_done'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function tokenStatusOf(
  db: Kysely<Database>,
  userId: string,
): Promise<{ figma_token_encrypted: string | null; figma_token_redacted: string | null }> {
  const row = await db
    .selectFrom('app_user')
    .select(['figma_token_encrypted', 'figma_token_redacted'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { figma_token_encrypted: null, figma_token_redacted: null };
}
