import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { nameRules } from './display-text.ts';

/** Longest password accepted: hashing is deliberately slow, so an endless one would be a cheap attack. */
export const PASSWORD_MAX_LENGTH = 128;
const PERSON_NAME_MAX_LENGTH = 100;

export const emailSchema = z
  .string({ error: 'The email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The email is required.')
  .pipe(z.email('Please enter a valid email address.').max(254, 'The email is too long.'));

export const newPasswordSchema = z
  .string({ error: 'The password is required.' })
  .min(PASSWORD_MIN_LENGTH, `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`);

export const personNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(PERSON_NAME_MAX_LENGTH, `${label} is at most ${PERSON_NAME_MAX_LENGTH} characters.`)
    .check(...nameRules(label));

/** A path inside the app to come back to after an emailed link or a provider's redirect. */
export const appPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path of this site')
  .optional();

export const signUpInput = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstname: personNameSchema('Firstname'),
  lastname: personNameSchema('Lastname'),
  name: z.string().max(201).optional(),
  callbackURL: appPathSchema,
});

export const signInInput = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'The password is required.' })
    .min(1, 'The password is required.')
    .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`),
  rememberMe: z.boolean().optional(),
  callbackURL: appPathSchema,
});

const hasControlCharacter = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20);

/** Directory (LDAP) sign-in: the directory's username, never put in a filter unescaped (auth/ldap/). */
export const ldapSignInInput = z.object({
  username: z
    .string({ error: 'The username is required.' })
    .trim()
    .min(1, 'The username is required.')
    .max(256, 'The username is at most 256 characters.')
    .refine((value) => !hasControlCharacter(value), 'The username cannot contain control characters.'),
  password: z
    .string({ error: 'The password is required.' })
    .min(1, 'The password is required.')
    .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`),
  rememberMe: z.boolean().optional(),
});
export type LdapSignInInput = z.infer<typeof ldapSignInInput>;

/** Magic link, password reset and resend confirmation: only an address (and where to land). */
export const emailOnlyInput = z.object({
  email: emailSchema,
  callbackURL: appPathSchema,
  errorCallbackURL: appPathSchema,
  newUserCallbackURL: appPathSchema,
  redirectTo: appPathSchema,
});

export const resetPasswordInput = z.object({
  token: z.string({ error: 'The reset link is invalid.' }).min(1, 'The reset link is invalid.').max(200),
  newPassword: newPasswordSchema,
});

const totpCode = z
  .string({ error: 'The code is required.' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');

export const totpCodeInput = z.object({
  code: totpCode,
  trustDevice: z.boolean().optional(),
});

/** Turning the second factor off takes a code from it (and the password, when the account has one). */
export const disableTwoFactorInput = z.object({
  code: totpCode,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `The password is at most ${PASSWORD_MAX_LENGTH} characters.`)
    .optional(),
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInput>;

/**
 * Starts a Google or OpenID Connect sign-in by redirect, the only way the app offers: an ID token
 * handed in directly would sign in without the provider's redirect and without the second factor.
 */
export const socialSignInInput = z.object({
  provider: z.string({ error: 'The provider is required.' }).min(1, 'The provider is required.').max(64),
  callbackURL: appPathSchema,
  newUserCallbackURL: appPathSchema,
  errorCallbackURL: appPathSchema,
  idToken: z
    .never({ error: 'Signing in with an ID token is not offered: use the sign-in button.' })
    .optional(),
});

export const backupCodeInput = z.object({
  code: z
    .string({ error: 'The backup code is required.' })
    .trim()
    .min(1, 'The backup code is required.')
    .max(64, 'The backup code is too long.'),
  trustDevice: z.boolean().optional(),
});

/** Which ways of signing in this server offers (GET /api/auth-providers). */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  /** The generic OpenID Connect provider (Keycloak, Authentik, …), with the name its button shows. */
  oidc: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * Emails wait at /dev/mailbox (no SMTP_URL, not production) and this visitor may open it (their
   * browser runs on the server's machine): the account pages then say where the email went.
   */
  dev_mailbox: z.boolean(),
  /** Directory sign-in (LDAP) is set up: the login page offers username and password for it. */
  ldap: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;
