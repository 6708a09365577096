import { z } from 'zod';
import { taskStatusSchema } from './status-schema.ts';

/** A linked design's Dev Mode status as a card shows it; null: none of its linked nodes is marked. */
export const designStatusSchema = z.enum(['READY_FOR_DEV', 'COMPLETED']).nullable();
export type DesignStatus = z.infer<typeof designStatusSchema>;

/**
 * The keys project.figma_ready_status can hold (migration 0030's CHECK): of a project's statuses, the
 * rule offers those of these keys it still has, by their names in the project, and not one of the
 * Canceled category (Archive is not a place a rule sends work).
 */
export const READY_RULE_STATUSES: readonly string[] = ['TODO', 'DOING', 'DONE'];

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
