import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';

/** 'google', or the id of the configured OpenID Connect provider. */
type SocialProvider = string;

interface Redirect {
  url: string;
}

/** Starts the provider's sign-in: the server answers with the provider's address, the browser goes there. */
async function signInWithProvider(provider: SocialProvider): Promise<void> {
  const { url } = await api.post<Redirect>('/api/auth/sign-in/social', {
    provider,
    callbackURL: `${paths.login}?signed-in=1`,
    newUserCallbackURL: paths.onboardingStep1,
    errorCallbackURL: `${paths.login}?provider-error=1`,
  });
  window.location.assign(url);
}

export function useSignInWithProvider() {
  return useMutation({ mutationFn: signInWithProvider });
}
