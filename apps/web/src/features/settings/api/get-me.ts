import type { Me } from '@figgle/shared/me-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<Me> {
  return api.get<Me>('/api/me');
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/** The signed-in user's own profile (the accounts feature serves it). */
export function useMe() {
  return useQuery(meQueryOptions);
}
