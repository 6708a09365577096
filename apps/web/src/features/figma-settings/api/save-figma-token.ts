import type { FigmaSettingsView, FigmaTokenStatus } from '@figgle/shared/figma-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { figmaSettingsQueryKey } from './get-figma-settings';

function saveFigmaToken(token: string): Promise<FigmaTokenStatus> {
  return api.put<FigmaTokenStatus>('/api/me/figma-token', { token });
}

export function useSaveFigmaToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFigmaToken,
    onSuccess: (token) => {
      queryClient.setQueryData<FigmaSettingsView>(figmaSettingsQueryKey, (settings) =>
        settings ? { ...settings, token } : settings,
      );
      // The profile carries the redacted token too.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
