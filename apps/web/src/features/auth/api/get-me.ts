import type { Me } from '@figgle/shared/me-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The same key as every other reader of GET /api/me, so they share one cached answer. */
export const meQueryKey = ['me'] as const;

export function getMe(): Promise<Me> {
  return api.get<Me>('/api/me');
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions, enabled: options.enabled ?? true });
}
