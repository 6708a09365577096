import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TwoFactorSetup {
  /** otpauth:// address for the authenticator app (shown as a QR code). */
  totpURI: string;
  backupCodes: string[];
}

/** Starts enrolment; the factor is on only once a code from the app is verified. */
function enableTwoFactor(password: string | undefined): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/auth/two-factor/enable', password ? { password } : {});
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
