import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../../shared/api/get-me';
import {
  type FilterableTask,
  type FilterContext,
  filtersFromSearch,
  filtersKey,
  matchesFilters,
  NO_FILTERS,
  searchWithFilters,
  type TaskFilters,
} from './task-filters';

export interface TaskFiltersState {
  filters: TaskFilters;
  /** Changes exactly when the filters do. */
  key: string;
  setFilters: (filters: TaskFilters) => void;
  clear: () => void;
}

/**
 * The view's filters, kept in the address (?status=TODO&assignee=me&q=logo): a reload or a shared
 * link opens the same view. A change replaces the history entry, so Back leaves the view rather
 * than stepping through each key typed.
 */
export function useTaskFilters(): TaskFiltersState {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Read from the address text: params is a new object on every render.
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: TaskFilters) =>
      setParams((current) => searchWithFilters(current, next), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  const clear = useCallback(() => setFilters(NO_FILTERS), [setFilters]);
  return { filters, key: filtersKey(filters), setFilters, clear };
}

/** The tasks the filters let through, in the order given; the same array when nothing is filtered. */
export function useFilteredTasks<T extends FilterableTask>(tasks: readonly T[], filters: TaskFilters): T[] {
  const me = useMe();
  const meId = me.data?.user_id ?? null;
  return useMemo(() => {
    const key = filtersKey(filters);
    if (!key) return tasks as T[];
    const context: FilterContext = { meId, now: new Date() };
    return tasks.filter((task) => matchesFilters(task, filters, context));
  }, [tasks, filters, meId]);
}
