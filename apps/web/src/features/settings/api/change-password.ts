import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** No current password needed: it also sets a first one (Google, OIDC, invitation accounts). */
export function changePassword(newPassword: string): Promise<null> {
  return api.post<null>('/api/me/password', { newPassword });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
