import type { Me, UpdateMeInput } from '@figgle/shared/me-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function updateMe(input: UpdateMeInput): Promise<Me> {
  return api.patch<Me>('/api/me', input);
}

/** Profile names and the colour scheme. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
