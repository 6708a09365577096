import type { PasswordStatus } from '@figgle/shared/password-schemas';

/** Whether the account has a password, so the page offers "set" or "change"; never anything of it. */
export function presentPasswordStatus(hasPassword: boolean): PasswordStatus {
  return { hasPassword };
}
