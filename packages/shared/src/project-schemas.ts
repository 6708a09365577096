import { z } from 'zod';
import { displayTextRules } from './display-text.ts';
import { defaultViewSchema, projectEmojiSchema } from './emoji.ts';
import { trigramSchema } from './trigram.ts';

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2000;

/** A project's name: trimmed, 1 to 100 characters. */
export const projectNameSchema = z
  .string({ error: 'The name of the project is required.' })
  .trim()
  .min(1, 'The name of the project is required.')
  .max(PROJECT_NAME_MAX, `The name of the project is at most ${PROJECT_NAME_MAX} characters.`)
  .check(...displayTextRules('The name of the project'));

export const projectDescriptionSchema = z
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
  })
  .partial()
  // An unknown field (project_id, organization_id, created_by…) is refused, not silently dropped.
  .strict();
export type UpdateProjectInput = z.input<typeof updateProjectInput>;

export const projectIdParams = z.object({ projectId: z.uuid() });

/** A project as the API presents it (GET /api/projects, /api/projects/:projectId). */
export interface ProjectView {
  project_id: string;
  organization_id: string;
  name: string;
  trigram: string;
  emoji: z.infer<typeof projectEmojiSchema>;
  description: string;
  default_view: z.infer<typeof defaultViewSchema>;
  created_at: string;
  updated_at: string;
  organization: { organization_id: string; name: string };
  task_count: number;
  /** Whether the signed-in user has this project in their favorites. */
  is_bookmarked: boolean;
}
