import type { ImportView } from '@figgle/shared/import-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A project's latest imports: the Import screen goes back to one still running. */
export function useProjectImports(projectId: string | null) {
  return useQuery({
    queryKey: ['imports', 'project', projectId] as const,
    queryFn: ({ signal }) =>
      api.get<ImportView[]>(`/api/projects/${encodeURIComponent(projectId ?? '')}/imports`, { signal }),
    enabled: projectId !== null,
  });
}
