import { z } from 'zod';

/** Figma's answer on the way back: a code (allowed) or an error (denied), always with our state. */
export const figmaOAuthCallbackQuery = z.object({
  state: z
    .string({ error: 'The state is missing: start again with "Connect with Figma".' })
    .min(1, 'The state is missing: start again with "Connect with Figma".')
    .max(200, 'The state is not one Figgle made.'),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

export const figmaOAuthStartedSchema = z.object({
  /** Figma's authorization page, with a fresh single-use state: the browser goes there. */
  authorize_url: z.string(),
});
export type FigmaOAuthStarted = z.infer<typeof figmaOAuthStartedSchema>;

const figmaOAuthConnectionSchema = z.object({
  connected_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  connected_at: z.string(),
  scopes: z.array(z.string()),
  access_expires_at: z.string(),
  /** Set when Figma refused to renew the access: Figma work waits until an owner reconnects. */
  broken: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type FigmaOAuthConnection = z.infer<typeof figmaOAuthConnectionSchema>;

export const figmaOAuthStatusSchema = z.object({
  organization_id: z.string(),
  /** The server has an OAuth app (FIGMA_OAUTH_CLIENT_ID/SECRET): "Connect with Figma" is offered. */
  configured: z.boolean(),
  connection: figmaOAuthConnectionSchema.nullable(),
  /** Whether a personal token of an owner is there too (used only without an OAuth connection). */
  personal_token_fallback: z.boolean(),
});
export type FigmaOAuthStatus = z.infer<typeof figmaOAuthStatusSchema>;

export const figmaOAuthNoticesSchema = z.object({
  /** The organizations the caller owns whose Figma connection is broken. */
  broken: z.array(z.object({ organization_id: z.string(), name: z.string(), reason: z.string() })),
});
export type FigmaOAuthNotices = z.infer<typeof figmaOAuthNoticesSchema>;
