import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SignInCredentials {
  email: string;
  password: string;
}

/** Either signed in, or a second factor is due (no session until the code). */
interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

function signInWithEmail(credentials: SignInCredentials): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/api/auth/sign-in/email', credentials);
}

export function useSignInWithEmail() {
  return useMutation({ mutationFn: signInWithEmail });
}
