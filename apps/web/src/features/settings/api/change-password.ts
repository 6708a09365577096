import type { ChangePasswordInput } from '@figgle/shared/password-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { passwordStatusQueryKey } from './get-password-status';

/** With the current password when the account has one; a first password needs a recent sign-in instead. */
function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.post<null>('/api/me/password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passwordStatusQueryKey }),
  });
}
