import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { estimateSchema } from './estimate.ts';
import { designStatusSchema } from './figma-dev-status-schemas.ts';
import {
  checklistProgressSchema,
  dueAtSchema,
  dueOnSchema,
  labelIdsSchema,
  START_AFTER_DUE_MESSAGE,
  startDateSchema,
  startIsAfterDue,
  taskLabelViewSchema,
  taskPrioritySchema,
} from './planning-schemas.ts';
import { taskStatusSchema } from './status-schema.ts';

export const TASK_TITLE_MAX = 500;
export const TASK_DESCRIPTION_MAX = 20_000;

export const taskTitleSchema = requiredDisplayText('The title of the task', TASK_TITLE_MAX);

const ONE_DUE = {
  message: 'A task is due on a day (due_on) or at a time (due_at), not both.',
  path: ['due_at'],
};
const hasOneDue = (task: { due_on?: string | null; due_at?: string | null }) => !task.due_on || !task.due_at;

export const createTaskInput = z
  .object({
    title: taskTitleSchema,
    status: taskStatusSchema.default('TODO'),
    assignee_id: z.uuid().nullable().default(null),
    description: z
      .string()
      .max(TASK_DESCRIPTION_MAX, `The description is at most ${TASK_DESCRIPTION_MAX} characters.`)
      .default(''),
    due_on: dueOnSchema.nullable().default(null),
    due_at: dueAtSchema.nullable().default(null),
    priority: taskPrioritySchema.default('NONE'),
    label_ids: labelIdsSchema.default([]),
    /** A parent task of the same organization: the new task is its sub-task from the start. */
    parent_id: z.uuid().nullable().default(null),
    /** The day work starts (YYYY-MM-DD), never after its due date (a 400 that makes nothing). */
    start_date: startDateSchema.nullable().default(null),
  })
  .refine(hasOneDue, ONE_DUE)
  .refine((task) => !startIsAfterDue(task.start_date, task.due_on, task.due_at), {
    message: START_AFTER_DUE_MESSAGE,
    path: ['start_date'],
  });
export type CreateTaskInput = z.input<typeof createTaskInput>;

export const updateTaskInput = z
  .object({
    title: taskTitleSchema,
    status: taskStatusSchema,
    /** null unassigns. */
    assignee_id: z.uuid().nullable(),
    /** Sets a due day and clears a due time; null clears it. */
    due_on: dueOnSchema.nullable(),
    /** Sets a due time and clears a due day; null clears it. */
    due_at: dueAtSchema.nullable(),
    /**
     * The day work starts (YYYY-MM-DD); null clears it. A start day after the due day the PATCH
     * leaves (with due_on or due_at in the same body, or the task's own) is a 400 that changes nothing.
     */
    start_date: startDateSchema.nullable(),
    priority: taskPrioritySchema,
    /** One of the project's scale's values ('5', 'M'); null clears it. Another scale's value is a 400. */
    estimate: estimateSchema.nullable(),
  })
  .partial()
  // An unknown field (project_id, organization_id, created_by…) is refused, not silently dropped.
  .strict()
  .refine(hasOneDue, ONE_DUE);
export type UpdateTaskInput = z.input<typeof updateTaskInput>;

/**
 * A drop on the board: the task goes to `index` in the `status` column (counted without the task
 * itself). index null puts it at the end of the column (My tasks has no manual order).
 */
export const kanbanUpdateInput = z.object({
  taskId: z.uuid(),
  status: taskStatusSchema,
  index: z.number().int().min(0).max(1_000_000).nullable(),
});
export type KanbanUpdateInput = z.input<typeof kanbanUpdateInput>;

export const taskIdParams = z.object({ taskId: z.uuid() });

/** The rich-text document a task gets from the creation dialog's plain description. */
export function contentFromDescription(description: string): { ops: Array<{ insert: string }> } {
  return { ops: [{ insert: `${description}\n` }] };
}

export const personViewSchema = z.object({
  user_id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
});
export type PersonView = z.infer<typeof personViewSchema>;

/** A parent's sub-tasks (live tasks of live projects): how many are Done or Archive, of how many. */
const subtaskProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type SubtaskProgress = z.infer<typeof subtaskProgressSchema>;

/** A row of a project's list or board, and of My tasks (which adds `project`). */
export const taskSummaryViewSchema = z.object({
  task_id: z.uuid(),
  project_id: z.uuid(),
  reference: z.number().int(),
  title: z.string(),
  status: taskStatusSchema,
  /** Order inside the status column; compare as plain strings (byte order). */
  rank: z.string(),
  assignee: personViewSchema.nullable(),
  /** The day the task is due (YYYY-MM-DD), or null; at most one of due_on and due_at is set. */
  due_on: z.string().nullable(),
  /** The instant the task is due (ISO, UTC), or null. */
  due_at: z.string().nullable(),
  /** The day work starts (YYYY-MM-DD), or null; never after the due day. */
  start_date: z.string().nullable(),
  priority: taskPrioritySchema,
  /** Sorted by name. */
  labels: z.array(taskLabelViewSchema),
  checklist: checklistProgressSchema,
  /** The task it is a sub-task of (decision 0017), possibly of another project; null at the top level. */
  parent_id: z.uuid().nullable(),
  /** A value of the project's estimate scale ('5', 'M'), or null. */
  estimate: z.string().nullable(),
  /** The cycle of its project it is planned in (docs/product.md#cycles), or null. */
  cycle_id: z.uuid().nullable(),
  /** Its sub-tasks' progress ("2/5"); null when it has none. */
  subtasks: subtaskProgressSchema.nullable(),
  /** How many open tasks (neither Done nor Archive) block it: the "Blocked" mark when above 0. */
  blocked_by: z.number().int().min(0),
  last_modifier: personViewSchema.nullable(),
  comments_total: z.number().int(),
  author_id: z.uuid().nullable(),
  author_name: z.string(),
  is_from_figma: z.boolean(),
  /** "Design: Ready for dev" / "Design: Completed" of its linked Figma nodes; null for neither. */
  design_status: designStatusSchema,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskSummaryView = z.infer<typeof taskSummaryViewSchema>;

const taskProjectViewSchema = z.object({
  project_id: z.uuid(),
  name: z.string(),
  trigram: z.string(),
  emoji: z.string(),
  organization_id: z.uuid(),
});
export type TaskProjectView = z.infer<typeof taskProjectViewSchema>;

export const myTaskViewSchema = taskSummaryViewSchema.extend({ project: taskProjectViewSchema });
export type MyTaskView = z.infer<typeof myTaskViewSchema>;

/** GET /api/tasks/:taskId: everything the task page needs about the task itself. */
export const taskDetailViewSchema = taskSummaryViewSchema.extend({
  content_json: z.object({ ops: z.array(z.record(z.string(), z.unknown())) }),
  figma_client_meta: z.record(z.string(), z.unknown()).nullable(),
  /** The milestone of its project it belongs to, or null. */
  milestone_id: z.uuid().nullable(),
  author: personViewSchema.nullable(),
  project: taskProjectViewSchema,
});
export type TaskDetailView = z.infer<typeof taskDetailViewSchema>;

/** POST /api/tasks/:taskId/move: the project of the same organization the task goes to. */
export const moveTaskToProjectInput = z.object({ project_id: z.uuid() });
