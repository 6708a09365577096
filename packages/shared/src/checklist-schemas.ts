import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { patchBody } from './patch-body.ts';
import { CHECKLIST_TEXT_MAX } from './planning-schemas.ts';

/** More items than anyone ticks through in one task: past it, the task should be split. */
export const CHECKLIST_ITEMS_MAX = 500;

const checklistTextSchema = requiredDisplayText('The text of the item', CHECKLIST_TEXT_MAX);

export const addChecklistItemInput = z.object({ text: checklistTextSchema }).strict();

/**
 * An edit of one item; an absent field stays as it is. `index` moves the item to that place of its
 * checklist, counted without the item itself (as a board move counts).
 */
export const updateChecklistItemInput = patchBody(
  {
    text: checklistTextSchema,
    done: z.boolean(),
    index: z.number().int().min(0).max(1_000_000),
  },
  'Nothing to change: give text, done or index.',
);
export type UpdateChecklistItemInput = z.input<typeof updateChecklistItemInput>;

export const checklistItemIdParams = z.object({ itemId: z.uuid() });

export const checklistItemViewSchema = z.object({
  item_id: z.uuid(),
  text: z.string(),
  done: z.boolean(),
  /** Order inside the checklist; compare as plain strings (byte order). */
  rank: z.string(),
  /** The task this item became, while that task is live. */
  converted_task: z.object({ task_id: z.uuid(), reference: z.number().int() }).nullable(),
});
export type ChecklistItemView = z.infer<typeof checklistItemViewSchema>;

export const checklistViewSchema = z.object({ items: z.array(checklistItemViewSchema) });
export type ChecklistView = z.infer<typeof checklistViewSchema>;
