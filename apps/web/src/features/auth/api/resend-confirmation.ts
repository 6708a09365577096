import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';

function resendConfirmation(email: string): Promise<unknown> {
  return api.post('/api/auth/send-verification-email', {
    email,
    callbackURL: `${paths.authResult}?activation=true`,
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
