import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { setOnboardingFlag } from '../../../lib/onboarding-flag';
import { meQueryOptions } from '../../../shared/api/get-me';
import { sessionQueryOptions } from '../../../shared/api/get-session';
import { paths } from '../../../shared/paths';
import { toastSuccess } from '../../../ui/toast';

/**
 * After a password (and code) was accepted: read the new session and profile, mirror the onboarding
 * flag, greet, and open projects (the guard then sends an unfinished onboarding to its first step).
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Another account may have been signed in on this device: nothing cached may carry over.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    try {
      const me = await queryClient.fetchQuery(meQueryOptions);
      setOnboardingFlag(me.needs_onboarding);
    } catch {
      // The guard loads the profile again before any signed-in page.
    }
    toastSuccess(t('messages.welcomeAfterLogin'));
    await navigate(paths.projects, { replace: true });
  };
}
