import { z } from 'zod';

/**
 * Figma work that failed for good (apps/server/src/jobs/), shown on the radar with its reason:
 * - DELIVERY: a comment delivered by Figma that could not be processed;
 * - REPLY: a "Done in Figgle" reply that could not be sent;
 * - DESIGN_CHANGE: a new version of a file whose linked designs could not be compared;
 * - DEV_STATUS: a Dev Mode status Figma sent that could not be applied;
 * - DEV_RESOURCE: the link back to a task that could not be written in Figma's Dev Mode.
 */
const failedFigmaWorkKindSchema = z.enum([
  'DELIVERY',
  'REPLY',
  'DESIGN_CHANGE',
  'DEV_STATUS',
  'DEV_RESOURCE',
]);

const failedFigmaWorkSchema = z.object({
  job_id: z.uuid(),
  organization_id: z.uuid(),
  kind: failedFigmaWorkKindSchema,
  /** Why, in words a person can act on. */
  reason: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
  figma_file_name: z.string(),
  figma_triggered_by: z.string(),
  /** The comment's text (a delivery), or the task's title (a reply, a dev resource). */
  content: z.string(),
  task_id: z.uuid().nullable(),
});
export type FailedFigmaWork = z.infer<typeof failedFigmaWorkSchema>;

export const failedFigmaWorkListSchema = z.object({ failures: z.array(failedFigmaWorkSchema) });
export type FailedFigmaWorkList = z.infer<typeof failedFigmaWorkListSchema>;

/** The radar shows the newest failures only: they are a warning to act on, not an archive. */
export const FAILED_FIGMA_WORK_SHOWN = 20;

export const failedFigmaWorkParams = z.object({ jobId: z.uuid() });
