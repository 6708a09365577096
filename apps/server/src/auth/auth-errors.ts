import { PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import type { ApiError } from '@figgle/shared/errors';

/** better-auth's error codes, said the way Figgle says things; the code stays for the web app to branch on. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_USERNAME_OR_PASSWORD: 'Invalid username or password',
  EMAIL_NOT_VERIFIED:
    'Your email is not verified yet. Open the link of the confirmation email, or ask for a new one.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  PASSWORD_TOO_SHORT: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: 'The password is at most 128 characters.',
  INVALID_PASSWORD: 'The password is not correct.',
  INVALID_TOKEN: 'This link is invalid, has expired or was already used.',
  TOKEN_EXPIRED: 'This link has expired.',
  USER_ALREADY_EXISTS: 'An account already exists with this email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account already exists with this email.',
  INVALID_CODE: 'This code is not valid. Check your authenticator app and try again.',
  INVALID_BACKUP_CODE: 'This backup code is not valid.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please log in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many attempts. Please log in again to get a new code.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many attempts. Your second factor is locked for 15 minutes.',
  TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on.',
  TOTP_NOT_ENABLED: 'Two-factor authentication is not set up.',
  PROVIDER_NOT_FOUND: 'This sign-in provider is not configured.',
  UNAUTHORIZED: 'You need to sign in.',
  SESSION_EXPIRED: 'Your session is too old for this. Please log in again.',
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'unprocessable_entity',
  429: 'too_many_attempts',
};

/** A better-auth error answer (`{ code, message }`) in Figgle's one error shape. */
export function friendlyAuthError(status: number, text: string): ApiError {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = parsed.code;
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON after all: the status alone speaks.
  }
  // The directory server being down is said as such (auth/ldap/ldap-plugin.ts), not as a fault of Figgle's.
  if (status === 503 && code === 'DIRECTORY_UNAVAILABLE' && message)
    return { statusCode: 503, code: 'directory_unavailable', message };
  if (status >= 500)
    return { statusCode: status, code: 'internal_error', message: 'Sorry, something went wrong.' };
  if (status === 429) {
    return {
      statusCode: 429,
      code: 'too_many_attempts',
      message: 'Too many attempts. Please wait a minute and try again.',
    };
  }
  const friendly = (code && MESSAGES[code]) || message || 'Error';
  return {
    statusCode: status,
    code: code ? code.toLowerCase() : (CODE_BY_STATUS[status] ?? 'bad_request'),
    message: friendly,
  };
}
