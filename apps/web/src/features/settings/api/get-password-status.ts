import type { PasswordStatus } from '@figgle/shared/password-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const passwordStatusQueryKey = ['me', 'password'] as const;

function getPasswordStatus(): Promise<PasswordStatus> {
  return api.get<PasswordStatus>('/api/me/password');
}

const passwordStatusQueryOptions = queryOptions({
  queryKey: passwordStatusQueryKey,
  queryFn: getPasswordStatus,
});

/** Whether the account has a password: the Password page then asks for the current one. */
export function usePasswordStatus() {
  return useQuery(passwordStatusQueryOptions);
}
