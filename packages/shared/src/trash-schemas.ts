import { z } from 'zod';

// The organization's trash (docs/product.md#trash): what the API takes and answers.

/** How long a deleted task or project can be restored before the trash-purge job removes it. */
export const TRASH_DAYS = 30;
/** The newest items one read of the trash lists; an organization deleting more in 30 days sees these. */
export const TRASH_LIST_MAX = 500;

export const trashIdParams = z.object({ trashId: z.uuid() });

const trashItemSchema = z.object({
  trash_id: z.uuid(),
  kind: z.enum(['TASK', 'PROJECT']),
  /** The task's title or the project's name. */
  title: z.string(),
  /** 'TRI-12' for a task; null for a project. */
  reference: z.string().nullable(),
  task_id: z.uuid().nullable(),
  project_id: z.uuid(),
  project_name: z.string(),
  /** A task whose project is in the trash too can be restored only after its project. */
  project_deleted: z.boolean(),
  /** The tasks that come back: a task with the sub-tasks deleted with it, or a project's tasks. */
  tasks: z.number().int(),
  /** Comments that come back with it (a task's, with its sub-tasks'). */
  comments: z.number().int(),
  deleted_at: z.string(),
  purge_at: z.string(),
  deleted_by: z.object({ user_id: z.uuid(), name: z.string() }).nullable(),
  /** Owners may restore anything; members what they deleted themselves. */
  can_restore: z.boolean(),
});
export type TrashItemView = z.infer<typeof trashItemSchema>;

export const trashListSchema = z.object({ items: z.array(trashItemSchema) });
export type TrashListView = z.infer<typeof trashListSchema>;

export const restoredSchema = z.object({
  kind: z.enum(['TASK', 'PROJECT']),
  project_id: z.uuid(),
  task_id: z.uuid().nullable(),
  /** Every task that came back (the task and its sub-tasks); empty for a project. */
  task_ids: z.array(z.uuid()),
  /**
   * "Blocks" relations the delete removed that did not come back: with a relation made while the
   * task was in the trash, each would close a loop of blockers, named as references ("WEB-3 →
   * WEB-5 → WEB-3"). Empty for a project and most tasks.
   */
  relations_left_out: z.array(
    z.object({ from_task_id: z.uuid(), to_task_id: z.uuid(), loop: z.array(z.string()) }),
  ),
});
export type RestoredView = z.infer<typeof restoredSchema>;

export const TRASH_NOT_YOURS_MESSAGE =
  'Only an owner of the organization, or the person who deleted it, may restore it.';
export const TRASH_PROJECT_DELETED_MESSAGE =
  'The project of this task is in the trash: restore the project first.';
