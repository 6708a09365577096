import type { ProjectCyclesView } from '@figgle/shared/cycle-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listCycles(projectId: string, signal?: AbortSignal): Promise<ProjectCyclesView> {
  return api.get<ProjectCyclesView>(`/api/projects/${encodeURIComponent(projectId)}/cycles`, { signal });
}

/** A project's cycle settings (null: never turned on) and its cycles, newest first, with their figures. */
export function useProjectCycles(projectId: string | null) {
  return useQuery({
    queryKey: queryKeys.cycles(projectId ?? ''),
    queryFn: ({ signal }) => listCycles(projectId ?? '', signal),
    enabled: projectId !== null,
  });
}
