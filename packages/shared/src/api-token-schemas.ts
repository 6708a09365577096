import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';

/** `read` may only look (GET); `read-write` may do whatever its owner may do. */
const apiTokenScopeSchema = z.enum(['read', 'read-write'], {
  error: 'The scope of a token is "read" or "read-write".',
});
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** A token's name, so its owner knows which script holds it: trimmed, 1 to 60 characters. */
const apiTokenNameSchema = requiredDisplayText('The name of the token', 60);

export const createApiTokenInput = z.object({ name: apiTokenNameSchema, scope: apiTokenScopeSchema });
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

export const apiTokenIdParams = z.object({ apiTokenId: z.uuid() });

/** A token as its owner sees it in the list: never the token itself, only its visible prefix. */
export const apiTokenSchema = z.object({
  api_token_id: z.uuid(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The token's start (`figgle_<prefix>`), to recognise it; not a secret. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is ever shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
