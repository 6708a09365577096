import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { figmaOAuthNoticesQueryKey } from '../api/list-figma-oauth-notices';

/** Back from Figma (`?figma_oauth=connected|denied`): say how it went once, then drop the word. */
export function useFigmaOAuthReturn(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('figma_oauth');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toastSuccess(t('figma-settings.connected'));
    if (outcome === 'denied') toastError(t('figma-settings.denied'));
    void queryClient.invalidateQueries({ queryKey: ['figma-oauth'] });
    void queryClient.invalidateQueries({ queryKey: figmaOAuthNoticesQueryKey });
    setParams(
      (current) => {
        current.delete('figma_oauth');
        return current;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setParams]);
}
