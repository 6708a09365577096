import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface NewPassword {
  token: string;
  newPassword: string;
}

function resetPassword(input: NewPassword): Promise<unknown> {
  return api.post('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
