import { z } from 'zod';

/**
 * Figma work that failed for good (apps/server/src/jobs/): a comment delivered by Figma that could not
 * be processed, or a "Done in Figgle" reply that could not be sent. Shown on the radar with its reason.
 */
export const failedFigmaWorkKindSchema = z.enum(['DELIVERY', 'REPLY']);

export const failedFigmaWorkSchema = z.object({
  job_id: z.uuid(),
  organization_id: z.uuid(),
  kind: failedFigmaWorkKindSchema,
  /** Why, in words a person can act on. */
  reason: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
  figma_file_name: z.string(),
  figma_triggered_by: z.string(),
  /** The comment's text (a delivery), or the task's title (a reply). */
  content: z.string(),
  task_id: z.uuid().nullable(),
});
export type FailedFigmaWork = z.infer<typeof failedFigmaWorkSchema>;

export const failedFigmaWorkListSchema = z.object({ failures: z.array(failedFigmaWorkSchema) });
export type FailedFigmaWorkList = z.infer<typeof failedFigmaWorkListSchema>;

/** The radar shows the newest failures only: they are a warning to act on, not an archive. */
export const FAILED_FIGMA_WORK_SHOWN = 20;

export const failedFigmaWorkParams = z.object({ jobId: z.uuid() });
