import type { ProjectCyclesView } from '@figgle/shared/cycle-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listCycles(projectId: string, signal?: AbortSignal): Promise<ProjectCyclesView> {
  return api.get<ProjectCyclesView>(`/api/projects/${encodeURIComponent(projectId)}/cycles`, { signal });
}

/** GET /api/projects/:projectId/cycles, for a hook or a one-off read (the "…" menu's "Move to current cycle"). */
export function projectCyclesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.cycles(projectId),
    queryFn: ({ signal }) => listCycles(projectId, signal),
  });
}

/** A project's cycle settings (null: never turned on) and its cycles, newest first, with their figures. */
export function useProjectCycles(projectId: string | null) {
  return useQuery({ ...projectCyclesQueryOptions(projectId ?? ''), enabled: projectId !== null });
}
