import type { FigmaWebhookReceipt } from '@figgle/shared/figma-webhook-schemas';

/** A delivery taken: stored as a job, a ping answered, or an event type Figgle does not act on. */
export function presentReceipt(ignoredEventType?: string): FigmaWebhookReceipt {
  return ignoredEventType === undefined ? { received: true } : { received: true, ignored: ignoredEventType };
}
