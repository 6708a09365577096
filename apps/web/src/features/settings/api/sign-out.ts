import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { clearOfflineCache } from '../../../lib/offline/query-persister';
import { paths } from '../../../shared/paths';
import { toastError, toastSuccess } from '../../../ui/toast';

function signOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out', {});
}

/** Settings' Log out: signs out, forgets every cached answer, says goodbye and opens login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await navigate(paths.login, { replace: true });
      // Nothing of this account stays on the device: not in memory, not in the offline copy.
      queryClient.clear();
      await clearOfflineCache();
      toastSuccess(t('messages.bye'));
    },
    onError: () => toastError(t('messages.tryAgain')),
  });
}
