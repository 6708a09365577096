import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { patchBody } from './patch-body.ts';
import { isCalendarDay } from './planning-schemas.ts';

// Milestones of a project (docs/product.md#milestones): what the API takes and answers.

export const MILESTONE_NAME_MAX = 100;
export const MILESTONE_DESCRIPTION_MAX = 2000;
/** More than a project plans ahead; past it, old milestones should be removed. */
export const MILESTONES_PER_PROJECT_MAX = 200;

const nameSchema = requiredDisplayText(
  'The name of the milestone',
  MILESTONE_NAME_MAX,
  'The name of a milestone',
);

const descriptionSchema = z
  .string()
  .trim()
  .max(
    MILESTONE_DESCRIPTION_MAX,
    `The description of a milestone is at most ${MILESTONE_DESCRIPTION_MAX} characters.`,
  );

const targetSchema = z
  .string({ error: 'The target date must be a day written YYYY-MM-DD.' })
  .refine(
    isCalendarDay,
    'The target date must be a real day written YYYY-MM-DD, with a year from 1 to 9999.',
  );

export const createMilestoneInput = z
  .object({ name: nameSchema, target_date: targetSchema, description: descriptionSchema.default('') })
  .strict();
export type CreateMilestoneInput = z.input<typeof createMilestoneInput>;

export const updateMilestoneInput = patchBody(
  { name: nameSchema, target_date: targetSchema, description: descriptionSchema },
  'Nothing to change: give name, target_date or description.',
);
export type UpdateMilestoneInput = z.input<typeof updateMilestoneInput>;

export const milestoneIdParams = z.object({ milestoneId: z.uuid() });

/** PUT /api/tasks/:taskId/milestone: a milestone of the task's project, or null to leave it. */
export const setTaskMilestoneInput = z.object({ milestone_id: z.uuid().nullable() }).strict();

const milestoneStates = ['empty', 'complete', 'on_track', 'at_risk', 'no_pace'] as const;

export const milestoneViewSchema = z.object({
  milestone_id: z.uuid(),
  project_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** YYYY-MM-DD. */
  target_date: z.string(),
  /** Its live tasks, and how many of them are Done or Archive. */
  tasks: z.object({ done: z.number().int(), total: z.number().int() }),
  /** The same by points, when the project estimates in points; null otherwise. */
  points: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** The day the remaining tasks should be done at the recent pace (YYYY-MM-DD); null without a pace. */
  forecast_date: z.string().nullable(),
  state: z.enum(milestoneStates),
  /** How the forecast was made, in plain (English) words; screens word it from the fields below. */
  forecast_words: z.string(),
  /** Its tasks finished in the last 28 days: the pace the forecast counts with. */
  done_recently: z.number().int(),
  /** Days from today to forecast_date at that pace; null without a forecast. */
  forecast_days: z.number().int().nullable(),
  created_at: z.string(),
});
export type MilestoneView = z.infer<typeof milestoneViewSchema>;

/** A milestone at risk, for the dashboard: with its project. */
export const milestoneAtRiskViewSchema = milestoneViewSchema.extend({
  project: z.object({ project_id: z.uuid(), name: z.string(), trigram: z.string(), emoji: z.string() }),
});
export type MilestoneAtRiskView = z.infer<typeof milestoneAtRiskViewSchema>;
