import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setOnboardingFlag } from '../../../lib/onboarding-flag';
import { createOrganization } from '../../../shared/api/create-organization';
import { queryKeys } from '../../../shared/api/query-keys';

/** The personal organization of onboarding step 2: its creator becomes OWNER, which ends onboarding. */
export function useCreatePersonalOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      setOnboardingFlag(false);
      // Organizations, members and the profile all changed: every list reads them again.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      await queryClient.refetchQueries({ queryKey: queryKeys.me });
    },
  });
}
