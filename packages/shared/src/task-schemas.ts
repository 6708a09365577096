import { z } from 'zod';
import { displayTextRules } from './display-text.ts';
import { taskStatusSchema } from './status-schema.ts';

export const TASK_TITLE_MAX = 500;
export const TASK_DESCRIPTION_MAX = 20_000;

export const taskTitleSchema = z
  .string({ error: 'The title of the task is required.' })
  .trim()
  .min(1, 'The title of the task is required.')
  .max(TASK_TITLE_MAX, `The title of the task is at most ${TASK_TITLE_MAX} characters.`)
  .check(...displayTextRules('The title of the task'));

export const createTaskInput = z.object({
  title: taskTitleSchema,
  status: taskStatusSchema.default('TODO'),
  assignee_id: z.uuid().nullable().default(null),
  description: z
    .string()
    .max(TASK_DESCRIPTION_MAX, `The description is at most ${TASK_DESCRIPTION_MAX} characters.`)
    .default(''),
});
export type CreateTaskInput = z.input<typeof createTaskInput>;

export const updateTaskInput = z
  .object({
    title: taskTitleSchema,
    status: taskStatusSchema,
    /** null unassigns. */
    assignee_id: z.uuid().nullable(),
  })
  .partial()
  // An unknown field (project_id, organization_id, created_by…) is refused, not silently dropped.
  .strict();
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

export interface PersonView {
  user_id: string;
  firstname: string;
  lastname: string;
}

/** A row of a project's list or board, and of My tasks (which adds `project`). */
export interface TaskSummaryView {
  task_id: string;
  project_id: string;
  reference: number;
  title: string;
  status: z.infer<typeof taskStatusSchema>;
  /** Order inside the status column; compare as plain strings (byte order). */
  rank: string;
  assignee: PersonView | null;
  last_modifier: PersonView | null;
  comments_total: number;
  author_id: string | null;
  author_name: string;
  is_from_figma: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface TaskProjectView {
  project_id: string;
  name: string;
  trigram: string;
  emoji: string;
  organization_id: string;
}

export interface MyTaskView extends TaskSummaryView {
  project: TaskProjectView;
}

/** GET /api/tasks/:taskId: everything the task page needs about the task itself. */
export interface TaskDetailView extends TaskSummaryView {
  content_json: { ops: Array<Record<string, unknown>> };
  figma_client_meta: Record<string, unknown> | null;
  author: PersonView | null;
  project: TaskProjectView;
}
