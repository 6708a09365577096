import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../app/paths';
import { api } from '../../../lib/api-client';

/** Never creates an account; the link signs in once, within 15 minutes, and lands on projects. */
export function sendMagicLink(email: string): Promise<unknown> {
  return api.post('/api/auth/sign-in/magic-link', {
    email,
    callbackURL: paths.projects,
    errorCallbackURL: `${paths.authResult}?magic=true`,
  });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
