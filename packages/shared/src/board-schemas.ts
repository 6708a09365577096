import { z } from 'zod';
import { BOARD_ID, WHOLE_BOARD_ID } from './board-ids.ts';
import { BOARD_SHAPE } from './board-shape.ts';
import { labelColorSchema } from './planning-schemas.ts';

// The board shape of a project's tasks (GET /api/projects/:id/tasks?shape=compact): the same tasks
// as the default answer, written without repetition, one array per field. board-tasks.ts reads it
// back (without zod, so the board does not load it); why it exists and how it was measured:
// docs/decisions/0015-board-shape.md.

/** `?shape=compact` asks for the board shape; without it the answer is the list of summaries. */
export const projectTasksQuery = z.object({
  shape: z
    .literal(BOARD_SHAPE, { error: `The shape must be "${BOARD_SHAPE}", or absent for the full list.` })
    .optional(),
  /**
   * Filters on custom fields, as the list's address writes them: `<field id>:<value>` pairs, comma
   * separated (@figgle/shared/custom-field-filters); a value the field cannot hold is a 400.
   */
  field: z.union([z.string().max(4000), z.array(z.string().max(4000)).max(50)]).optional(),
});

const count = z.number().int().min(0);
const column = <Item extends z.ZodType>(item: Item) => z.array(item).optional();

/** A person the tasks name: their id and names, or their id alone when only authored tasks name them. */
const boardPersonSchema = z.union([z.tuple([z.uuid(), z.string(), z.string()]), z.tuple([z.uuid()])]);

const boardLabelSchema = z.tuple([z.uuid(), z.string(), labelColorSchema]);

/**
 * The tasks, one array per field, each holding one value per task in creation order. A field whose
 * every value is its default is left out; inside an array, 0 (or null) is the default.
 */
const boardColumnsSchema = z
  .object({
    /** task_id: board-ids.ts (11 characters when the rest is the task's creation time). */
    id: z.array(z.string().regex(BOARD_ID)),
    title: z.array(z.string()),
    rank: z.array(z.string()),
    /** created_at: milliseconds after the task before it was created (the first: since 1970). */
    created: z.array(z.number().int()),
    /** reference: how much it differs from the reference of the task before plus one (the first: from 1). */
    ref: column(z.number().int()),
    /** status: index in TASK_STATUSES (0: TODO), or 4 + an index in the board's `statuses`. */
    status: column(count),
    /** assignee: index in `people` plus one (0: none). */
    assignee: column(count),
    /** due_on: YYYY-MM-DD, or null. */
    due_on: column(z.string().nullable()),
    /** due_at: milliseconds since 1970, or null. */
    due_at: column(z.number().int().nullable()),
    /** start_date: YYYY-MM-DD, or null. */
    start: column(z.string().nullable()),
    /** priority: 0 for NONE, 1 LOW, 2 MEDIUM, 3 HIGH, 4 URGENT. */
    priority: column(count.max(4)),
    /** labels: indexes in `labels`, sorted by name (empty: none). */
    labels: column(z.array(count)),
    /** checklist.done and checklist.total. */
    done: column(count),
    total: column(count),
    /**
     * parent_id: 0 for none; n for the task n places before this one in `id` (negative: after it);
     * a parent not on this board (another project's) as its whole id in base64url (22 characters).
     */
    parent: column(z.union([z.number().int(), z.string().regex(WHOLE_BOARD_ID)])),
    /** estimate ('5', 'M'), or null. */
    estimate: column(z.string().nullable()),
    /** cycle_id (docs/product.md#cycles), or null. */
    cycle: column(z.uuid().nullable()),
    /** subtasks.done and subtasks.total; a total of 0: no sub-tasks (subtasks null). */
    sub_done: column(count),
    sub_total: column(count),
    /** blocked_by: how many open tasks block it. */
    blocked: column(count),
    /** last_modifier: index in `people` plus one (0: none). */
    modifier: column(count),
    /** comments_total. */
    comments: column(count),
    /** author_id: index in `people` plus one (0: none); left out when every author is the last modifier. */
    author: column(count),
    /** author_name, or null for the author's names as `people` gives them. */
    author_name: column(z.string().nullable()),
    /** is_from_figma: 1 for true. */
    figma: column(z.union([z.literal(0), z.literal(1)])),
    /** design_status: 1 for READY_FOR_DEV, 2 for COMPLETED. */
    design: column(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    /** version; left out when every task is at version 1. */
    version: column(z.number().int()),
    /** updated_at: milliseconds after created_at. */
    updated: column(z.number().int()),
  })
  .strict()
  .refine(
    (columns) => Object.values(columns).every((values) => values.length === columns.id.length),
    'Every field has one value per task.',
  );

/** The board shape: the people and labels the tasks name, once each, and the tasks by field. */
export const boardViewSchema = z
  .object({
    project_id: z.uuid(),
    people: z.array(boardPersonSchema),
    labels: z.array(boardLabelSchema),
    /** The status keys the tasks use past TASK_STATUSES (a project's own statuses), once each. */
    statuses: z.array(z.string()).optional(),
    tasks: boardColumnsSchema,
  })
  .strict();

export type BoardPerson = z.infer<typeof boardPersonSchema>;
export type BoardLabel = z.infer<typeof boardLabelSchema>;
export type BoardColumns = z.infer<typeof boardColumnsSchema>;
export type BoardView = z.infer<typeof boardViewSchema>;
