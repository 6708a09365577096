import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface SecondFactor {
  kind: 'totp' | 'backup-code';
  code: string;
}

/**
 * Checks a code from the authenticator app (or a backup code): at sign-in it turns the pending
 * challenge into a session; during enrolment it switches the second factor on.
 */
function verifyTwoFactor({ kind, code }: SecondFactor): Promise<unknown> {
  const path =
    kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  return api.post(path, { code: code.trim() });
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
