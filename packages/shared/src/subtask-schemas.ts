import { z } from 'zod';

/** The most sub-tasks one task may have (docs/product.md, "Sub-tasks"): past it, a 400. */
export const SUBTASKS_PER_PARENT_MAX = 10_000;

/** PUT /api/tasks/:taskId/parent: the new parent, or null for a top-level task. */
export const setTaskParentInput = z.object({ parent_id: z.uuid().nullable() }).strict();
