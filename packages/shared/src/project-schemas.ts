import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { DEFAULT_VIEWS, PROJECT_EMOJIS } from './emoji.ts';
import { estimateScaleSchema } from './estimate.ts';
import { TRIGRAM_MESSAGE, TRIGRAM_PATTERN } from './trigram.ts';

export const projectEmojiSchema = z.enum(PROJECT_EMOJIS);
export const defaultViewSchema = z.enum(DEFAULT_VIEWS);
export const trigramSchema = z
  .string({ error: TRIGRAM_MESSAGE })
  .regex(TRIGRAM_PATTERN, { error: TRIGRAM_MESSAGE });

const PROJECT_NAME_MAX = 100;
const PROJECT_DESCRIPTION_MAX = 2000;

/** A project's name: trimmed, 1 to 100 characters. */
export const projectNameSchema = requiredDisplayText('The name of the project', PROJECT_NAME_MAX);

const projectDescriptionSchema = z
  .string()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `The description is at most ${PROJECT_DESCRIPTION_MAX} characters.`);

/** The trigram is stored and shown upper case, whatever was typed. */
const projectTrigramSchema = trigramSchema.transform((value) => value.toUpperCase());

export const createProjectInput = z.object({
  name: projectNameSchema,
  trigram: projectTrigramSchema,
  organization_id: z.uuid({ error: 'Choose an organization.' }),
  emoji: projectEmojiSchema.default('fox'),
  description: projectDescriptionSchema.default(''),
  is_bookmarked: z.boolean().default(false),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;

export const updateProjectInput = z
  .object({
    name: projectNameSchema,
    trigram: projectTrigramSchema,
    description: projectDescriptionSchema,
    default_view: defaultViewSchema,
    emoji: projectEmojiSchema,
    /** Another scale clears the estimates the new one has no value for (docs/product.md#estimates). */
    estimate_scale: estimateScaleSchema,
  })
  .partial()
  // An unknown field (project_id, organization_id, created_by…) is refused, not silently dropped.
  .strict();
export type UpdateProjectInput = z.input<typeof updateProjectInput>;

export const projectIdParams = z.object({ projectId: z.uuid() });

/** A project as the API presents it (GET /api/projects, /api/projects/:projectId). */
export const projectViewSchema = z.object({
  project_id: z.uuid(),
  organization_id: z.uuid(),
  name: z.string(),
  trigram: z.string(),
  emoji: projectEmojiSchema,
  description: z.string(),
  default_view: defaultViewSchema,
  /** The scale its tasks are estimated in: 'none', 'points' (1, 2, 3, 5, 8, 13) or 'tshirt' (XS to XL). */
  estimate_scale: estimateScaleSchema,
  /** Live tasks with an estimate: what a change of scale would clear. */
  estimated_task_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  organization: z.object({ organization_id: z.uuid(), name: z.string() }),
  task_count: z.number().int(),
  /** Whether the signed-in user has this project in their favorites. */
  is_bookmarked: z.boolean(),
});
export type ProjectView = z.infer<typeof projectViewSchema>;

/** The answer to starring or unstarring a project (PUT / DELETE /api/projects/:projectId/bookmark). */
export const bookmarkStateSchema = z.object({ project_id: z.uuid(), is_bookmarked: z.boolean() });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;
