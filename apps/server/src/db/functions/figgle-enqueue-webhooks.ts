/** The function figgle_enqueue_webhooks: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleEnqueueWebhooks = {
  name: 'function figgle_enqueue_webhooks',
  text: `CREATE OR REPLACE FUNCTION public.figgle_enqueue_webhooks(org uuid, event text, data jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
      -- count() reads every row: a SQL function's last SELECT would otherwise stop at the first.
      SELECT count(figgle_enqueue_job('webhook_delivery', org, gen_random_uuid()::text,
        jsonb_build_object('webhook_id', webhook.webhook_id, 'event', event,
          'occurred_at', to_jsonb(clock_timestamp()), 'data', data)))
      FROM webhook
      WHERE webhook.organization_id = org AND webhook.active AND event = ANY (webhook.events)
    $function$`,
};
