import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export type WebhookRow = Pick<
  Selectable<Database['webhook']>,
  | 'webhook_id'
  | 'organization_id'
  | 'url'
  | 'events'
  | 'active'
  | 'created_at'
  | 'paused_at'
  | 'paused_reason'
>;

export type WebhookDeliveryRow = Pick<
  Selectable<Database['webhook_delivery']>,
  | 'attempt_id'
  | 'delivery_id'
  | 'event'
  | 'attempt'
  | 'outcome'
  | 'status_code'
  | 'response_excerpt'
  | 'error'
  | 'duration_ms'
  | 'created_at'
>;

/** How many attempts the log shows, newest first. */
const DELIVERY_LOG_SIZE = 50;

export const WEBHOOK_COLUMNS = [
  'webhook_id',
  'organization_id',
  'url',
  'events',
  'active',
  'created_at',
  'paused_at',
  'paused_reason',
] as const;

export function webhooksOf(db: Db, organizationId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhook')
    .select(WEBHOOK_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'asc')
    .orderBy('webhook_id', 'asc')
    .execute();
}

/** A webhook of this organization only: another organization's id is "not found". */
export function webhookOf(
  db: Db,
  organizationId: string,
  webhookId: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhook')
    .select(WEBHOOK_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

export function deliveriesOf(db: Db, webhookId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_delivery')
    .select([
      'attempt_id',
      'delivery_id',
      'event',
      'attempt',
      'outcome',
      'status_code',
      'response_excerpt',
      'error',
      'duration_ms',
      'created_at',
    ])
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('attempt', 'desc')
    .limit(DELIVERY_LOG_SIZE)
    .execute();
}
