import type { Me } from '@figgle/shared/me-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function getMe(): Promise<Me> {
  return api.get<Me>('/api/me');
}

export const meQueryOptions = queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

/** The signed-in user's own profile: names, preferences, two-factor state. */
export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions, enabled: options.enabled ?? true });
}
