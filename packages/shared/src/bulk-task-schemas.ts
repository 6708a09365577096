import { z } from 'zod';
import { dueAtSchema, dueOnSchema, taskPrioritySchema } from './planning-schemas.ts';
import { taskStatusSchema } from './status-schema.ts';

/**
 * The most tasks one bulk change may name: its one transaction holds a lock on each of them, and
 * the answer carries each one's row (docs/threat-model.md's limits).
 */
const BULK_TASK_LIMIT = 10_000;

/** What a bulk change may set: the fields the list's selection bar offers (title and estimate are not). */
const bulkTaskFields = z
  .object({
    status: taskStatusSchema,
    /** null unassigns. */
    assignee_id: z.uuid().nullable(),
    /** Sets a due day and clears a due time; null clears it. */
    due_on: dueOnSchema.nullable(),
    /** Sets a due time and clears a due day; null clears it. */
    due_at: dueAtSchema.nullable(),
    priority: taskPrioritySchema,
    /** A cycle of each task's project (docs/product.md#cycles); null takes the tasks out of their cycle. */
    cycle_id: z.uuid().nullable(),
  })
  .partial()
  .strict()
  .refine((fields) => !fields.due_on || !fields.due_at, {
    message: 'A task is due on a day (due_on) or at a time (due_at), not both.',
    path: ['due_at'],
  });
export type BulkTaskFields = z.input<typeof bulkTaskFields>;

const TOO_MANY = `A bulk change names at most ${BULK_TASK_LIMIT.toLocaleString('en')} tasks.`;

const bulkGroup = z
  .object({
    task_ids: z.array(z.uuid()).min(1).max(BULK_TASK_LIMIT, { error: TOO_MANY }),
    changes: bulkTaskFields,
  })
  .strict();

/**
 * One bulk change: groups of tasks, each group given the same values. Setting one value on a
 * selection is one group; an undo puts back each task's earlier value, one group per value it had.
 * At most BULK_TASK_LIMIT tasks in all, each named once.
 */
export const bulkChangeTasksInput = z
  .object({ groups: z.array(bulkGroup).min(1).max(BULK_TASK_LIMIT) })
  .strict()
  .superRefine(({ groups }, context) => {
    const ids = groups.flatMap((group) => group.task_ids);
    if (ids.length > BULK_TASK_LIMIT) {
      context.addIssue({
        code: 'custom',
        path: ['groups'],
        message: TOO_MANY,
      });
    } else if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['groups'], message: 'A bulk change names each task once.' });
    }
  });
export type BulkChangeTasksInput = z.input<typeof bulkChangeTasksInput>;

/** A bulk delete: the tasks, at most BULK_TASK_LIMIT, each named once. Sub-tasks stay, at the top level. */
export const bulkDeleteTasksInput = z
  .object({ task_ids: z.array(z.uuid()).min(1).max(BULK_TASK_LIMIT, { error: TOO_MANY }) })
  .strict()
  .refine(({ task_ids }) => new Set(task_ids).size === task_ids.length, {
    message: 'A bulk change names each task once.',
    path: ['task_ids'],
  });
