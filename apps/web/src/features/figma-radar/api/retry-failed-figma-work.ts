import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

function retryFailedFigmaWork(jobId: string): Promise<void> {
  return api.post<void>(`/api/figma-events/failed/${encodeURIComponent(jobId)}/retry`, {});
}

/** Try a failed delivery or reply again (once its cause is fixed): the radar reads its lists again. */
export function useRetryFailedFigmaWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedFigmaWork,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.figmaEvents }),
  });
}
