import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { patchBody } from './patch-body.ts';
import { labelColorSchema } from './planning-schemas.ts';
import { STATUS_CATEGORIES } from './status-categories.ts';

// Statuses per project (docs/product.md#statuses): what the API takes and answers.

export const STATUS_NAME_MAX = 30;
/** More columns than a board can show side by side; past it, a project should merge some. */
export const STATUSES_PER_PROJECT_MAX = 30;

const statusCategorySchema = z.enum(STATUS_CATEGORIES, {
  error: `The category must be one of ${STATUS_CATEGORIES.join(', ')}.`,
});

const nameSchema = requiredDisplayText('The name of the status', STATUS_NAME_MAX, 'The name of a status');

export const projectStatusViewSchema = z.object({
  status_id: z.uuid(),
  project_id: z.uuid(),
  /** What task.status holds: TODO, DOING, DONE, ARCHIVE for the first four, made from the name after. */
  key: z.string(),
  name: z.string(),
  color: labelColorSchema,
  category: statusCategorySchema,
  position: z.number().int(),
  /** Live tasks in this status. */
  task_count: z.number().int().min(0),
});
export type ProjectStatusView = z.infer<typeof projectStatusViewSchema>;

/** POST /api/projects/:projectId/statuses; `after`: the status it follows (absent: at the end). */
export const createProjectStatusInput = z
  .object({
    name: nameSchema,
    color: labelColorSchema,
    category: statusCategorySchema,
    after: z.uuid().optional(),
  })
  .strict();
export type CreateProjectStatusInput = z.input<typeof createProjectStatusInput>;

/** PATCH /api/project-statuses/:statusId */
export const updateProjectStatusInput = patchBody(
  { name: nameSchema, color: labelColorSchema, category: statusCategorySchema },
  'Nothing to change: give name, color or category.',
);
export type UpdateProjectStatusInput = z.input<typeof updateProjectStatusInput>;

/** PUT /api/projects/:projectId/statuses/order: every status of the project, once each, in the new order. */
export const reorderProjectStatusesInput = z
  .object({ status_ids: z.array(z.uuid()).min(1).max(STATUSES_PER_PROJECT_MAX) })
  .strict();

/** DELETE /api/project-statuses/:statusId?move_to=…: where its tasks go (needed when it has any). */
export const deleteProjectStatusQuery = z.object({ move_to: z.uuid().optional() }).strict();

export const projectStatusIdParams = z.object({ statusId: z.uuid() });
