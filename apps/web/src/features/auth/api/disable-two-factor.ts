import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function disableTwoFactor(password: string | undefined): Promise<unknown> {
  return api.post('/api/auth/two-factor/disable', password ? { password } : {});
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
