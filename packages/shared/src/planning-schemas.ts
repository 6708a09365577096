import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { TASK_PRIORITIES } from './priority.ts';

// The list itself lives in priority.ts (no zod), for screens that only show priorities.
export { TASK_PRIORITIES } from './priority.ts';

export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: `The priority must be one of ${TASK_PRIORITIES.join(', ')}.`,
});

/** Mantine colour names: a label's colour is one of these, never a free hex value. */
export const LABEL_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'lime',
  'green',
  'teal',
  'cyan',
  'blue',
  'indigo',
  'violet',
  'grape',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];
export const labelColorSchema = z.enum(LABEL_COLORS, {
  error: `The colour must be one of ${LABEL_COLORS.join(', ')}.`,
});

export const LABEL_NAME_MAX = 30;
export const MAX_LABELS_PER_TASK = 20;
export const CHECKLIST_TEXT_MAX = 1000;

/** A label's name: trimmed, 1 to 30 characters, unique in its organization whatever the case. */
const labelNameSchema = requiredDisplayText('The name of the label', LABEL_NAME_MAX);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar day written YYYY-MM-DD with a year from 1 to 9999 ('2024-02-29' yes,
 * '2023-02-29', '2023-02-30' and '0000-01-01' no).
 */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as is.
  const last = new Date(Date.UTC(2000, 0, 1));
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/** A due day: YYYY-MM-DD, a real calendar day of a year from 1 to 9999. */
export const dueOnSchema = z
  .string({ error: 'The due date must be a day written YYYY-MM-DD.' })
  .refine(isCalendarDay, 'The due date must be a real day written YYYY-MM-DD, with a year from 1 to 9999.');

/** A start day: YYYY-MM-DD like a due day; never after the task's due day (the server refuses it). */
export const startDateSchema = z
  .string({ error: 'The start date must be a day written YYYY-MM-DD.' })
  .refine(isCalendarDay, 'The start date must be a real day written YYYY-MM-DD, with a year from 1 to 9999.');

/** The 400 of a start day after the due day (a PATCH of either, or both: judged on what it leaves). */
export const START_AFTER_DUE_MESSAGE = 'The start date cannot be after the due date.';

/**
 * The last calendar day a due date falls on anywhere: the day itself, or an instant's day at UTC+14.
 * A start date after it is after the due date in every time zone (figgle_change_task's rule).
 */
function latestDueDay(dueOn: string | null, dueAt: string | null): string | null {
  if (dueOn) return dueOn;
  if (!dueAt) return null;
  // The object's checks run even when a field failed its own: a due time that is no instant (its own
  // 400 says so) has no day, and must not throw here.
  const latest = Date.parse(dueAt) + 14 * 3_600_000;
  if (!Number.isFinite(latest) || Math.abs(latest) > 8.64e15) return null;
  return new Date(latest).toISOString().slice(0, 10);
}

/** A start day after the latest day its due date falls on: what every writer of a task refuses. */
export function startIsAfterDue(start: string | null, dueOn: string | null, dueAt: string | null): boolean {
  const latest = latestDueDay(dueOn, dueAt);
  return start !== null && latest !== null && start > latest;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * True for an ISO 8601 instant with its offset ('2026-03-01T09:30:00Z', '…T09:30+01:00') on a real
 * calendar day of a year from 1 to 9999, once read in UTC as well.
 */
export function isDueInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match || !isCalendarDay(match[1]!)) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A due day and time: an ISO 8601 instant with its offset (the server answers it in UTC). */
export const dueAtSchema = z
  .string({ error: 'The due time must be an ISO 8601 date and time with its offset.' })
  .refine(
    isDueInstant,
    'The due time must be an ISO 8601 date and time with its offset (like 2026-03-01T09:30:00Z), on a real day of a year from 1 to 9999.',
  );

/** A label as tasks carry it (task summaries list them sorted by name). */
export const taskLabelViewSchema = z.object({
  label_id: z.uuid(),
  name: z.string(),
  color: labelColorSchema,
});
export type TaskLabelView = z.infer<typeof taskLabelViewSchema>;

/** A label of the organization's settings: how many live tasks carry it. */
export const labelViewSchema = taskLabelViewSchema.extend({ task_count: z.number().int() });
export type LabelView = z.infer<typeof labelViewSchema>;

export const checklistProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
});
export type ChecklistProgress = z.infer<typeof checklistProgressSchema>;

export const createLabelInput = z.object({ name: labelNameSchema, color: labelColorSchema });
export type CreateLabelInput = z.input<typeof createLabelInput>;

export const updateLabelInput = z
  .object({ name: labelNameSchema, color: labelColorSchema })
  .partial()
  .strict();
export type UpdateLabelInput = z.input<typeof updateLabelInput>;

/** The ids of a task's labels, at most MAX_LABELS_PER_TASK different ones (a repeated id counts once). */
export const labelIdsSchema = z
  .array(z.uuid(), { error: 'label_ids must be a list of label ids.' })
  .max(MAX_LABELS_PER_TASK, `A task carries at most ${MAX_LABELS_PER_TASK} labels.`);

/** PUT /api/tasks/:taskId/labels: replaces the task's labels with these. */
export const setTaskLabelsInput = z.object({ label_ids: labelIdsSchema }).strict();

export const labelIdParams = z.object({ labelId: z.uuid() });
export const organizationLabelsParams = z.object({ organizationId: z.uuid() });
