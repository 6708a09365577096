import { z } from 'zod';
import { taskStatusSchema } from './status-schema.ts';

/** A linked design's Dev Mode status as a card shows it; null: none of its linked nodes is marked. */
export const designStatusSchema = z.enum(['READY_FOR_DEV', 'COMPLETED']).nullable();
export type DesignStatus = z.infer<typeof designStatusSchema>;

/** PUT /api/projects/:projectId/figma-ready-rule: a status key of the project; null turns the rule off. */
export const figmaReadyRuleInputSchema = z.object({
  ready_status: taskStatusSchema.nullable(),
});
export type FigmaReadyRuleInput = z.infer<typeof figmaReadyRuleInputSchema>;

export const figmaReadyRuleViewSchema = z.object({
  project_id: z.uuid(),
  ready_status: taskStatusSchema.nullable(),
  /**
   * Always false: Figma's REST API has no call that sets a node's Dev Mode status (only a plugin
   * can), so "mark the design Completed when the task is Done" cannot be done by the server.
   */
  can_mark_completed: z.literal(false),
});
export type FigmaReadyRuleView = z.infer<typeof figmaReadyRuleViewSchema>;
