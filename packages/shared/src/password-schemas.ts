import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './auth-schemas.ts';

/**
 * The Password page's change. The current password is required when the account has one (the server
 * decides); an account without one sets its first password from a recent sign-in instead.
 */
export const changePasswordInput = z.object({
  currentPassword: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`)
    .optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Whether the signed-in account has a password: the form asks for the current one only then. */
export const passwordStatusSchema = z.object({ hasPassword: z.boolean() });
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

/** How recent a sign-in must be to set a first password on an account that has none. */
export const FRESH_SIGN_IN_MINUTES = 10;
