import type { DisableTwoFactorInput } from '@figgle/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Turns the second factor off: a current code from the app, and the password when the account has one. */
function disableTwoFactor(input: DisableTwoFactorInput): Promise<unknown> {
  return api.post('/api/auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
