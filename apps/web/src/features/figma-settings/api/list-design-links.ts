import type { DesignLinkView } from '@figgle/shared/figma-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const designLinksQueryKey = ['design-links'] as const;

function listDesignLinks(): Promise<DesignLinkView[]> {
  return api.get<DesignLinkView[]>('/api/design-links');
}

const designLinksQueryOptions = () =>
  queryOptions({ queryKey: designLinksQueryKey, queryFn: listDesignLinks });

export function useDesignLinks() {
  return useQuery(designLinksQueryOptions());
}
