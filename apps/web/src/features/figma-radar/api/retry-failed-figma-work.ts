import { api } from '../../../lib/api-client';
import { useWriteThenRead } from '../../../lib/write-then-read';
import { queryKeys } from '../../../shared/api/query-keys';

function retryFailedFigmaWork(jobId: string): Promise<void> {
  return api.post<void>(`/api/figma-events/failed/${encodeURIComponent(jobId)}/retry`, {});
}

/** Try a failed delivery or reply again (once its cause is fixed): the radar reads its lists again. */
export function useRetryFailedFigmaWork() {
  return useWriteThenRead(retryFailedFigmaWork, queryKeys.figmaEvents);
}
