import { z } from 'zod';
import { fitsAfterCompletion, parseRecurrence, RecurrenceError, RRULE_TEXT_MAX } from './recurrence.ts';

// Recurring tasks (docs/product.md#recurring-tasks): what the API takes and answers.

const rruleSchema = z
  .string({ error: 'The repetition (rrule) is required.' })
  .max(RRULE_TEXT_MAX, `The repetition is at most ${RRULE_TEXT_MAX} characters.`)
  .superRefine((text, context) => {
    try {
      parseRecurrence(text);
    } catch (error) {
      if (!(error instanceof RecurrenceError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
    }
  });

/**
 * PUT /api/tasks/:taskId/recurrence: an RRULE (FREQ=DAILY or coarser), and whether it counts from the
 * day the task is completed (FREQ=DAILY only: "every N days after completion").
 */
export const setRecurrenceInput = z
  .object({ rrule: rruleSchema, after_completion: z.boolean().default(false) })
  .strict()
  .superRefine((input, context) => {
    if (!input.after_completion) return;
    try {
      if (!fitsAfterCompletion(parseRecurrence(input.rrule))) {
        context.addIssue({
          code: 'custom',
          path: ['after_completion'],
          message: 'Repeating after completion counts days: use FREQ=DAILY with an INTERVAL.',
        });
      }
    } catch {
      // The rrule's own issue is reported already.
    }
  });
export type SetRecurrenceInput = z.input<typeof setRecurrenceInput>;

const recurrenceViewSchema = z.object({
  task_id: z.uuid(),
  /** As stored, in a fixed order of its parts. */
  rrule: z.string(),
  after_completion: z.boolean(),
  /** The day the rule counts from (YYYY-MM-DD). */
  starts_on: z.string(),
  /** This task's place in the series, from 1. */
  occurrence: z.number().int(),
  /** "Repeats every Monday". */
  words: z.string(),
  /** The due day the next occurrence would get if the task were completed today; null: it ends. */
  next_due_on: z.string().nullable(),
  /** The organization's time zone, which days and times follow. */
  time_zone: z.string(),
});
export type RecurrenceView = z.infer<typeof recurrenceViewSchema>;

/**
 * GET /api/tasks/:taskId/recurrence: the task's repetition, or null when it does not repeat; and the
 * occurrence its completion made, while the series is on that one (null otherwise).
 */
export const taskRecurrenceAnswerSchema = z.object({
  recurrence: recurrenceViewSchema.nullable(),
  next_task: z.object({ task_id: z.uuid(), reference: z.number().int(), trigram: z.string() }).nullable(),
});
export type TaskRecurrenceAnswer = z.infer<typeof taskRecurrenceAnswerSchema>;

/** PUT /api/organizations/:organizationId/time-zone: an IANA name such as Europe/Paris. */
export const setTimeZoneInput = z
  .object({
    time_zone: z
      .string({ error: 'The time zone is required.' })
      .min(1, 'The time zone is required.')
      .max(64, 'A time zone name is at most 64 characters.'),
  })
  .strict();

export const timeZoneAnswerSchema = z.object({ time_zone: z.string() });
