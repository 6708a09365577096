import { z } from 'zod';
import { displayTextRules } from './display-text.ts';

// Cycles of a project (docs/product.md#cycles): what the API takes and answers.

export const CYCLE_WEEKS_MIN = 1;
export const CYCLE_WEEKS_MAX = 4;
/** How many cycles after the current one are kept ready to plan into. */
export const CYCLES_AHEAD = 3;
export const CYCLE_NAME_MAX = 100;

/** PUT /api/projects/:projectId/cycle-settings: turn cycles on (or change them), or off. */
export const cycleSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    weeks: z
      .number({ error: 'The cycle length must be a whole number of weeks, from 1 to 4.' })
      .int('The cycle length must be a whole number of weeks, from 1 to 4.')
      .min(CYCLE_WEEKS_MIN, 'The cycle length must be a whole number of weeks, from 1 to 4.')
      .max(CYCLE_WEEKS_MAX, 'The cycle length must be a whole number of weeks, from 1 to 4.'),
    /** The first day of the week, 0 Sunday to 6 Saturday. */
    week_start: z
      .number({ error: 'The first day of the week must be 0 (Sunday) to 6 (Saturday).' })
      .int('The first day of the week must be 0 (Sunday) to 6 (Saturday).')
      .min(0, 'The first day of the week must be 0 (Sunday) to 6 (Saturday).')
      .max(6, 'The first day of the week must be 0 (Sunday) to 6 (Saturday).'),
  })
  .strict();
export type CycleSettingsInput = z.input<typeof cycleSettingsInput>;

export const cycleIdParams = z.object({ cycleId: z.uuid() });

/** PATCH /api/cycles/:cycleId: its optional name (null clears it). */
export const updateCycleInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'The name of a cycle cannot be empty: send null to clear it.')
      .max(CYCLE_NAME_MAX, `The name of a cycle is at most ${CYCLE_NAME_MAX} characters.`)
      .check(...displayTextRules('The name of the cycle'))
      .nullable(),
  })
  .strict();

/** PUT /api/tasks/:taskId/cycle: a cycle of the task's project, or null to take it out. */
export const setTaskCycleInput = z.object({ cycle_id: z.uuid().nullable() }).strict();

const cycleSettingsViewSchema = z.object({
  enabled: z.boolean(),
  weeks: z.number().int(),
  week_start: z.number().int(),
});

const figures = z.object({ done: z.number().int(), total: z.number().int() });

const cycleViewSchema = z.object({
  cycle_id: z.uuid(),
  project_id: z.uuid(),
  number: z.number().int(),
  name: z.string().nullable(),
  /** First day, YYYY-MM-DD. */
  start_date: z.string(),
  /** Last day, YYYY-MM-DD (the cycle ends at the end of this day, UTC). */
  end_date: z.string(),
  state: z.enum(['past', 'current', 'next']),
  /** Set when the rollover closed it: its figures are then final. */
  closed_at: z.string().nullable(),
  tasks: figures,
  /** By points, when the project estimates in points; null otherwise. */
  points: figures.nullable(),
});
export type CycleView = z.infer<typeof cycleViewSchema>;

/** GET /api/projects/:projectId/cycles: the settings (null: never turned on) and the cycles, newest first. */
export const projectCyclesViewSchema = z.object({
  settings: cycleSettingsViewSchema.nullable(),
  cycles: z.array(cycleViewSchema),
});
export type ProjectCyclesView = z.infer<typeof projectCyclesViewSchema>;

/** One day of the burn-up: at the end of `date`, the scope and what was done, by count and points. */
const burnUpPointSchema = z.object({
  date: z.string(),
  scope: z.number().int(),
  done: z.number().int(),
  scope_points: z.number().int(),
  done_points: z.number().int(),
});
export type BurnUpPoint = z.infer<typeof burnUpPointSchema>;

/** GET /api/cycles/:cycleId: the cycle with tasks added after its start and its burn-up by day. */
export const cycleDetailViewSchema = cycleViewSchema.extend({
  added_after_start: z.number().int(),
  burn_up: z.array(burnUpPointSchema),
});
export type CycleDetailView = z.infer<typeof cycleDetailViewSchema>;
