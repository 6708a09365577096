import { z } from 'zod';

/**
 * What Figgle answers a Figma webhook delivery it accepted (POST /api/figma/webhook): Figma reads
 * only the status, and does not send again what got a 200. `ignored` names an event type Figgle
 * does not act on.
 */
export const figmaWebhookReceiptSchema = z.object({
  received: z.literal(true),
  ignored: z.string().optional(),
});
export type FigmaWebhookReceipt = z.infer<typeof figmaWebhookReceiptSchema>;
