import { z } from 'zod';
import { customValueSchema } from './custom-field-schemas.ts';
import { estimateSchema } from './estimate.ts';
import { dueAtSchema, dueOnSchema, taskPrioritySchema } from './planning-schemas.ts';
import { STATUS_NAME_MAX } from './project-status-schemas.ts';
import { taskStatusSchema } from './status-schema.ts';

/**
 * The most tasks one bulk change may name: its one transaction holds a lock on each of them, and
 * the answer carries each one's row (docs/threat-model.md's limits).
 */
const BULK_TASK_LIMIT = 10_000;

/** The most labels one bulk change names in each of label_ids, add_label_ids and remove_label_ids. */
const BULK_LABEL_LIMIT = 100;
const labelIds = z.array(z.uuid()).max(BULK_LABEL_LIMIT);

/** What a bulk change may set: the fields the list's selection bar offers (the title is not). */
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
    /** A value of each task's project's estimate scale; null clears it. */
    estimate: estimateSchema.nullable(),
    /** Exactly these labels of the tasks' organization (an undo puts each task's own back). */
    label_ids: labelIds,
    /** Labels each task gains, keeping the others. */
    add_label_ids: labelIds.min(1),
    /** Labels each task loses, keeping the others. */
    remove_label_ids: labelIds.min(1),
    /** One custom field's value (its kind's shape, as PUT /api/tasks/:id/custom-fields/:fieldId takes); null removes it. */
    custom_value: z.object({ field_id: z.uuid(), value: customValueSchema.nullable() }).strict(),
    /**
     * Moves each task to this project of its organization. Its status there is the one of the same
     * name, else the first of the same category, else the one status_map names for its status;
     * with `status`, that status of the project instead.
     */
    project_id: z.uuid(),
    /** With project_id: a status of that project (its key) for each status name that has no match there. */
    status_map: z
      .record(z.string().min(1).max(STATUS_NAME_MAX), taskStatusSchema)
      .refine((map) => Object.keys(map).length <= 100, 'A status map names at most 100 statuses.'),
  })
  .partial()
  .strict()
  .refine((fields) => !fields.due_on || !fields.due_at, {
    message: 'A task is due on a day (due_on) or at a time (due_at), not both.',
    path: ['due_at'],
  })
  .refine((fields) => fields.project_id !== undefined || fields.status_map === undefined, {
    message: 'A status map goes with a move to another project (project_id).',
    path: ['status_map'],
  })
  .refine((fields) => fields.project_id === undefined || fields.cycle_id === undefined, {
    message: 'A move to another project cannot also plan the tasks in a cycle: cycles are per project.',
    path: ['cycle_id'],
  })
  .refine((fields) => fields.label_ids === undefined || (!fields.add_label_ids && !fields.remove_label_ids), {
    message: 'A bulk change sets the labels (label_ids) or adds and removes some, not both.',
    path: ['label_ids'],
  });
export type BulkTaskFields = z.input<typeof bulkTaskFields>;

/**
 * The code of a bulk move's 409 when a status has no match in the project (by name or category):
 * its issues name each status as `status_map.<name>`, and the client asks which status to use.
 */
export const STATUS_UNMATCHED = 'status_unmatched';

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
