import type { Me, UpdateMeInput } from '@figgle/shared/me-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function updateMe(input: UpdateMeInput): Promise<Me> {
  return api.patch<Me>('/api/me', input);
}

/**
 * PATCH /api/me, the one hook for it: the profile's names (settings and onboarding) and the colour
 * scheme (preferences and the shell's toggle). The answer becomes the cached profile.
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
