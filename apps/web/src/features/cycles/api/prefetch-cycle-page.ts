import type { QueryClient } from '@tanstack/react-query';
import { projectCyclesQueryOptions } from '../../../shared/api/list-cycles';
import { projectsQueryOptions } from '../../../shared/api/list-projects';
import { cycleQueryOptions } from './get-cycle';

/**
 * The cycle page's reads, started before its code has rendered (its route's prefetch, on a first
 * load or on the intent to open it): the projects (its title), the project's cycles and the chosen
 * cycle, or, on /cycles, the current one as soon as the cycles (often cached by the board) name it.
 * Reads the cache already holds fresh are not asked again.
 */
export function prefetchCyclePage(queryClient: QueryClient, projectId: string, cycleId?: string): void {
  void queryClient.prefetchQuery(projectsQueryOptions);
  if (cycleId) {
    void queryClient.prefetchQuery(projectCyclesQueryOptions(projectId));
    void queryClient.prefetchQuery(cycleQueryOptions(projectId, cycleId));
    return;
  }
  void queryClient.fetchQuery(projectCyclesQueryOptions(projectId)).then(
    (view) => {
      const current = view.cycles.find((cycle) => cycle.state === 'current');
      if (current) void queryClient.prefetchQuery(cycleQueryOptions(projectId, current.cycle_id));
    },
    // A failed read is the page's to show, when it asks again.
    () => undefined,
  );
}
