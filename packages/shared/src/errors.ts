import { z } from 'zod';

/** The one shape every failed API call answers with, whatever went wrong. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  /** Stable and machine-readable (e.g. 'not_found', 'validation_failed'); the message is for people. */
  code: z.string(),
  message: z.string(),
  /** One entry per invalid input field, path dotted (e.g. 'body.trigram'). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The API error in a response body, or null when the body is something else (a proxy's HTML page…). */
export function parseApiError(body: unknown): ApiError | null {
  const result = apiErrorSchema.safeParse(body);
  return result.success ? result.data : null;
}
