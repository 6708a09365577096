import type { ChangePasswordInput } from '@figgle/shared/password-schemas';
import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { passwordStatusQueryKey } from './get-password-status';

/** With the current password when the account has one; a first password needs a recent sign-in instead. */
function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.post<null>('/api/me/password', input);
}

export function useChangePassword() {
  return useWriteThenRead(changePassword, passwordStatusQueryKey);
}
