import { z } from 'zod';
import { RADAR_PAGE_SIZE } from './constants.ts';
import { parseFigmaFileKey, parseFigmaTeamId } from './figma.ts';

export const FIGMA_TOKEN_MAX = 200;

/** A personal access token: one word of printable characters (Figma's start with `figd_`). */
export const saveFigmaTokenInput = z.object({
  token: z
    .string({ error: 'The Figma token is required.' })
    .trim()
    .min(1, 'The Figma token is required.')
    .max(FIGMA_TOKEN_MAX, `The Figma token is at most ${FIGMA_TOKEN_MAX} characters.`)
    .regex(/^[\x21-\x7e]+$/, 'The Figma token is one word, without spaces.'),
});

export const figmaTokenStatusSchema = z.object({
  is_set: z.boolean(),
  /** For example `figd_…a1b2`; null when no token is set. The token itself never leaves the server. */
  redacted: z.string().nullable(),
});
export type FigmaTokenStatus = z.infer<typeof figmaTokenStatusSchema>;

/** A team id, or a pasted team URL from which the id is taken. */
export const setFigmaTeamInput = z.object({
  figma_team_id: z
    .string({ error: 'The Figma Team Id is required.' })
    .trim()
    .min(1, 'The Figma Team Id is required.')
    .max(2048, 'The Figma Team Id is too long.')
    .transform((value, ctx) => {
      const id = parseFigmaTeamId(value);
      if (id === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'A Figma Team Id is made of digits, for example 1234567890.',
        });
        return z.NEVER;
      }
      return id;
    }),
});

export const setFigmaReplyOnDoneInput = z.object({ enabled: z.boolean() });

export const organizationIdParams = z.object({ organizationId: z.uuid() });

/** An owned organization as the Figma settings page shows it. */
export const figmaOrganizationSettingsSchema = z.object({
  organization_id: z.uuid(),
  name: z.string(),
  figma_team_id: z.string().nullable(),
  /** A webhook is registered for the team: comments arrive. */
  webhook_live: z.boolean(),
  reply_on_done: z.boolean(),
});
export type FigmaOrganizationSettings = z.infer<typeof figmaOrganizationSettingsSchema>;

export const figmaSettingsSchema = z.object({
  token: figmaTokenStatusSchema,
  organizations: z.array(figmaOrganizationSettingsSchema),
});
export type FigmaSettingsView = z.infer<typeof figmaSettingsSchema>;

/** The answer of Save: the id is saved; the webhook may still have failed (`webhook_error`). */
export const figmaTeamSavedSchema = figmaOrganizationSettingsSchema.extend({
  webhook_error: z.string().nullable(),
});
export type FigmaTeamSaved = z.infer<typeof figmaTeamSavedSchema>;

/** A file key, or a pasted Figma URL from which the key is taken. */
const figmaFileKeyInput = z
  .string({ error: 'The Figma file id is required.' })
  .trim()
  .min(1, 'The Figma file id is required.')
  .max(2048, 'The Figma file id is too long.')
  .transform((value, ctx) => {
    const key = parseFigmaFileKey(value);
    if (key === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'This is not a Figma file id or a Figma file link (figma.com/design/<file id>/…).',
      });
      return z.NEVER;
    }
    return key;
  });

export const createDesignLinkInput = z.object({
  figma_file_id: figmaFileKeyInput,
  project_id: z.uuid({ error: 'Choose a project.' }),
});
export type CreateDesignLinkInput = z.input<typeof createDesignLinkInput>;

export const designLinkIdParams = z.object({ fileId: z.uuid() });

const projectTagSchema = z.object({
  project_id: z.uuid(),
  name: z.string(),
  trigram: z.string(),
  emoji: z.string(),
  organization_id: z.uuid(),
});
export type FigmaProjectTag = z.infer<typeof projectTagSchema>;

export const designLinkSchema = z.object({
  file_id: z.uuid(),
  figma_file_id: z.string(),
  project_id: z.uuid(),
  project: projectTagSchema,
  name: z.string(),
  /** https://www.figma.com/design/<key> */
  url: z.string(),
  created_at: z.string(),
});
export type DesignLinkView = z.infer<typeof designLinkSchema>;

const figmaEventKindSchema = z.enum(['TASK', 'REPLY', 'COMMENT']);

export const figmaEventSchema = z.object({
  figma_event_id: z.uuid(),
  organization_id: z.uuid(),
  figma_event_type: z.string(),
  kind: figmaEventKindSchema,
  figma_file_key: z.string(),
  figma_file_name: z.string(),
  /** https://www.figma.com/design/<key>, with the node when the comment is pinned to one. */
  figma_file_url: z.string(),
  figma_triggered_by: z.string(),
  content: z.string(),
  project: projectTagSchema.nullable(),
  task_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type FigmaEventView = z.infer<typeof figmaEventSchema>;

const RADAR_LIMIT_MAX = 100;

export const figmaEventsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(RADAR_LIMIT_MAX).default(RADAR_PAGE_SIZE),
});

export const figmaEventPageSchema = z.object({
  events: z.array(figmaEventSchema),
  /** More events exist after this page. */
  has_more: z.boolean(),
});
export type FigmaEventPage = z.infer<typeof figmaEventPageSchema>;

export const figmaEventIdParams = z.object({ eventId: z.uuid() });

export const createTaskFromEventInput = z.object({ project_id: z.uuid({ error: 'Choose a project.' }) });

export const taskFromEventSchema = z.object({
  task_id: z.uuid(),
  project_id: z.uuid(),
  reference: z.number(),
  title: z.string(),
});
export type TaskFromEventView = z.infer<typeof taskFromEventSchema>;

/** A project a user may pick in the Figma dialogs. */
export const figmaProjectOptionSchema = projectTagSchema.extend({ organization_name: z.string() });
export type FigmaProjectOption = z.infer<typeof figmaProjectOptionSchema>;
