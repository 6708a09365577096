import { z } from 'zod';
import { RELATION_SIDES } from './relation-sides.ts';
import { STATUS_CATEGORIES } from './status-categories.ts';
import { taskStatusSchema } from './status-schema.ts';

/** The most sub-tasks one task may have (docs/product.md, "Sub-tasks"): past it, a 400. */
export const SUBTASKS_PER_PARENT_MAX = 10_000;

/** PUT /api/tasks/:taskId/parent: the new parent, or null for a top-level task. */
export const setTaskParentInput = z.object({ parent_id: z.uuid().nullable() }).strict();

/** PUT /api/tasks/:taskId/subtask-position: its place among its parent's sub-tasks, counted without it. */
export const moveSubtaskInput = z
  .object({ index: z.number().int().min(0).max(SUBTASKS_PER_PARENT_MAX) })
  .strict();

/** DELETE /api/tasks/:taskId?subtasks=: its sub-tasks stay as top-level tasks, or are deleted with it. */
const SUBTASKS_ON_DELETE = ['keep', 'delete'] as const;
export type SubtasksOnDelete = (typeof SUBTASKS_ON_DELETE)[number];
export const deleteTaskQuery = z.object({ subtasks: z.enum(SUBTASKS_ON_DELETE).default('keep') }).strict();

export { RELATION_SIDES, type RelationSide } from './relation-sides.ts';

/** POST /api/tasks/:taskId/relations: this task `side` the task `task_id`. */
export const addTaskRelationInput = z.object({ side: z.enum(RELATION_SIDES), task_id: z.uuid() }).strict();

export const relationIdParams = z.object({ taskId: z.uuid(), relationId: z.uuid() });

const taskLinkSchema = z.object({
  task_id: z.uuid(),
  /** "WEB-12". */
  reference: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  /** Its status's name in its project ("In review") and category: absent in a row the page adds before the answer. */
  status_name: z.string().optional(),
  status_category: z.enum(STATUS_CATEGORIES).optional(),
});

/** GET /api/tasks/:taskId/structure: what the task page's Sub-tasks and Relations sections show. */
export const taskStructureViewSchema = z.object({
  parent: taskLinkSchema.nullable(),
  subtasks: z.array(
    taskLinkSchema.extend({
      /** Its project, whose statuses its row offers: absent in a row the page adds before the answer. */
      project_id: z.uuid().optional(),
      assignee_id: z.uuid().nullable(),
      due_on: z.string().nullable(),
      due_at: z.string().nullable(),
      /** Its estimate ('5', 'M'), whatever its project's scale; the parent's page adds them up. */
      estimate: z.string().nullable(),
    }),
  ),
  /** Sub-tasks done (Done or Archive) of all of them: "2/5". */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  relations: z.array(z.object({ relation_id: z.uuid(), side: z.enum(RELATION_SIDES), task: taskLinkSchema })),
  /** Some task blocking this one is neither Done nor Archive. */
  blocked: z.boolean(),
});
export type TaskStructureView = z.infer<typeof taskStructureViewSchema>;
