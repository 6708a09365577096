import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';

interface Registration {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** The verification email's link leads to the result page with the activation flag. */
function signUpWithEmail(registration: Registration): Promise<unknown> {
  return api.post('/api/auth/sign-up/email', {
    ...registration,
    callbackURL: `${paths.authResult}?activation=true`,
  });
}

export function useSignUpWithEmail() {
  return useMutation({ mutationFn: signUpWithEmail });
}
