import { z } from 'zod';
import { personNameSchema } from './auth-schemas.ts';
import { COLOR_SCHEMES, LOCALES } from './constants.ts';

/** GET /api/me: the signed-in user's own profile. */
export const meSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Registration sets it; creating an organization (or already owning one) clears it. */
  needs_onboarding: z.boolean(),
  color_scheme: z.enum(COLOR_SCHEMES),
  /** The chosen language (Settings › Preferences), or null to follow the browser's. */
  locale: z.enum(LOCALES).nullable(),
  /** False for accounts made through Google, OIDC or an invitation until a password is set. */
  has_password: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The Figma token with all but its last characters hidden, or null when none is saved. */
  redacted_figma_token: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** PATCH /api/me: any of the fields, at least one. */
export const updateMeInput = z
  .object({
    firstname: personNameSchema('Firstname').optional(),
    lastname: personNameSchema('Lastname').optional(),
    color_scheme: z.enum(COLOR_SCHEMES, { error: 'The colour scheme is auto, light or dark.' }).optional(),
    /** null goes back to the browser's language. */
    locale: z
      .enum(LOCALES, { error: 'The language is en (English), de (Deutsch), fr (Français) or es (Español).' })
      .nullable()
      .optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to update.',
  });
export type UpdateMeInput = z.infer<typeof updateMeInput>;
