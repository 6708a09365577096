import { z } from 'zod';

/** A linked design's Dev Mode status as a card shows it; null: none of its linked nodes is marked. */
export const designStatusSchema = z.enum(['READY_FOR_DEV', 'COMPLETED']).nullable();
export type DesignStatus = z.infer<typeof designStatusSchema>;

export const DESIGN_STATUS_LABELS: Record<'READY_FOR_DEV' | 'COMPLETED', string> = {
  READY_FOR_DEV: 'Design: Ready for dev',
  COMPLETED: 'Design: Completed',
};

/** The statuses the Ready-for-dev rule may move a task to (Archive is not a place a rule sends work). */
export const READY_RULE_STATUSES = ['TODO', 'DOING', 'DONE'] as const;

/** PUT /api/projects/:projectId/figma-ready-rule: null turns the rule off. */
export const figmaReadyRuleInputSchema = z.object({
  ready_status: z.enum(READY_RULE_STATUSES).nullable(),
});
export type FigmaReadyRuleInput = z.infer<typeof figmaReadyRuleInputSchema>;

export const figmaReadyRuleViewSchema = z.object({
  project_id: z.uuid(),
  ready_status: z.enum(READY_RULE_STATUSES).nullable(),
  /**
   * Always false: Figma's REST API has no call that sets a node's Dev Mode status (only a plugin
   * can), so "mark the design Completed when the task is Done" cannot be done by the server.
   */
  can_mark_completed: z.literal(false),
});
export type FigmaReadyRuleView = z.infer<typeof figmaReadyRuleViewSchema>;
