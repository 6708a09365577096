import { z } from 'zod';
import { isCalendarDay } from './planning-schemas.ts';

/** Days the weekly summary looks back over. */
export const SUMMARY_DAYS = 7;
/** Projects and people named by the summary, busiest first. */
export const SUMMARY_TOP = 3;
/** Characters of a model's answer kept; a longer answer is cut at a word. */
export const SUMMARY_TEXT_MAX = 1500;

/** GET /api/dashboard/summary?today=YYYY-MM-DD: the viewer's own day, which decides what is overdue. */
export const weeklySummaryQuery = z.object({
  // A real day of a year from 1 (the database has no year 0).
  today: z.iso
    .date('today must be a day as YYYY-MM-DD.')
    .refine(isCalendarDay, 'today must be a day as YYYY-MM-DD.')
    .optional(),
});

/** What the summary is written from, counted over the viewer's own organizations only. */
const weeklyFactsSchema = z.object({
  /** The first instant counted (ISO), SUMMARY_DAYS days before `until`. */
  since: z.string(),
  until: z.string(),
  /** Tasks created over those days. */
  created: z.number().int(),
  /** Times a task's status became Done over those days. */
  completed: z.number().int(),
  /** Open tasks past their due day or instant, now. */
  overdue: z.number().int(),
  /** Projects with the most changes, busiest first. */
  active_projects: z.array(z.object({ name: z.string(), trigram: z.string(), changes: z.number().int() })),
  /** People with the most changes: how many, how many tasks they moved (status), how many to Done. */
  movers: z.array(
    z.object({
      name: z.string(),
      changes: z.number().int(),
      moved: z.number().int(),
      completed: z.number().int(),
    }),
  ),
});
export type WeeklyFacts = z.infer<typeof weeklyFactsSchema>;

export const weeklySummarySchema = z.object({
  /** facts: written by Figgle itself from `facts`; model: written by the configured language model. */
  source: z.enum(['facts', 'model']),
  /** The model that wrote `text`; null when Figgle wrote it. */
  model: z.string().nullable(),
  /** Plain text, one sentence or bullet per line. */
  text: z.string(),
  /** When `text` was written (a model's answer is kept for an hour). */
  written_at: z.string(),
  facts: weeklyFactsSchema,
});
export type WeeklySummaryView = z.infer<typeof weeklySummarySchema>;
