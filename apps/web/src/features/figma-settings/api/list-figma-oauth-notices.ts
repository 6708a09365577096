import type { FigmaOAuthNotices } from '@figgle/shared/figma-oauth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const figmaOAuthNoticesQueryKey = ['figma-oauth-notices'] as const;

/** The caller's owned organizations whose Figma connection is broken (a refused refresh). */
function listFigmaOAuthNotices(): Promise<FigmaOAuthNotices> {
  return api.get<FigmaOAuthNotices>('/api/figma/oauth/notices');
}

export function useFigmaOAuthNotices() {
  return useQuery(
    queryOptions({
      queryKey: figmaOAuthNoticesQueryKey,
      queryFn: listFigmaOAuthNotices,
      // A refresh can fail in a job at any time: look again now and then.
      refetchInterval: 5 * 60_000,
    }),
  );
}
