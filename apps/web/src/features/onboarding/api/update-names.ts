import type { Me } from '@figgle/shared/me-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface Names {
  firstname: string;
  lastname: string;
}

function updateNames(names: Names): Promise<Me> {
  return api.patch<Me>('/api/me', names);
}

export function useUpdateNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNames,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
