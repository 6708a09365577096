import type { Webhook, WebhookDelivery, WebhookEvent } from '@figgle/shared/webhook-schemas';
import type { WebhookDeliveryRow, WebhookRow } from './queries.ts';

/** The signing secret never leaves here: only the creation's answer carries it. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    webhook_id: row.webhook_id,
    organization_id: row.organization_id,
    url: row.url,
    events: row.events as WebhookEvent[],
    active: row.active,
    created_at: row.created_at.toISOString(),
    paused_at: row.paused_at?.toISOString() ?? null,
    paused_reason: row.paused_reason,
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    attempt_id: row.attempt_id,
    delivery_id: row.delivery_id,
    event: row.event,
    attempt: row.attempt,
    outcome: row.outcome,
    status_code: row.status_code,
    response_excerpt: row.response_excerpt,
    error: row.error,
    duration_ms: row.duration_ms,
    created_at: row.created_at.toISOString(),
  };
}
