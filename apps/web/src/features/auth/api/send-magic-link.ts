import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';

/**
 * Never creates an account; the link signs in once, within 15 minutes, and lands on projects (through
 * the login page, which greets).
 */
function sendMagicLink(email: string): Promise<unknown> {
  return api.post('/api/auth/sign-in/magic-link', {
    email,
    callbackURL: `${paths.login}?signed-in=1`,
    errorCallbackURL: `${paths.authResult}?magic=true`,
  });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
