import { createHmac } from 'node:crypto';

/**
 * Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The time inside the
 * signed text lets a receiver refuse an old body replayed later (docs/product.md#webhooks).
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
