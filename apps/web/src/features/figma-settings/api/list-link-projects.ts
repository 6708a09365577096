import type { FigmaProjectOption } from '@figgle/shared/figma-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const linkProjectsQueryKey = ['design-links', 'projects'] as const;

/** Projects a file may be linked to: those of the organizations the user owns. */
function listLinkProjects(): Promise<FigmaProjectOption[]> {
  return api.get<FigmaProjectOption[]>('/api/design-links/projects');
}

export function useLinkProjects(enabled = true) {
  return useQuery(queryOptions({ queryKey: linkProjectsQueryKey, queryFn: listLinkProjects, enabled }));
}
