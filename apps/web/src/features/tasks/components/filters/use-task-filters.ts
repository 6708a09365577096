import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { afterNextPaint } from '../../../../lib/after-next-paint';
import { useMe } from '../../../../shared/api/get-me';
import {
  type FilterableTask,
  filterPredicate,
  filtersFromSearch,
  filtersKey,
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
  const fromAddress = useMemo(() => filtersFromSearch(new URLSearchParams(search)), [search]);
  const addressKey = filtersKey(fromAddress);
  // The router updates the address after the event that changed a filter; until it has, the view
  // shows the change already (a box is checked on the click, the board follows in that frame).
  const [pending, setPending] = useState<TaskFilters | null>(null);
  const expected = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = expected.current.indexOf(addressKey);
    // An address this view did not ask for (Back, a link) wins over what was pending.
    expected.current = at >= 0 ? expected.current.slice(at + 1) : [];
    if (expected.current.length === 0) setPending(null);
  }, [addressKey]);
  // The address is written after the filtered view has been painted: the router's navigation and
  // the browser's history write measured a tenth of a filter's time on a 5,000-task board
  // (bench/board-filter), and keys typed in a row are written once.
  const unwritten = useRef<TaskFilters | null>(null);
  const cancelWrite = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelWrite.current?.(), []);
  const setFilters = useCallback(
    (next: TaskFilters) => {
      expected.current.push(filtersKey(next));
      setPending(next);
      unwritten.current = next;
      cancelWrite.current ??= afterNextPaint(() => {
        cancelWrite.current = null;
        const filters = unwritten.current;
        unwritten.current = null;
        if (filters)
          setParams((current) => searchWithFilters(current, filters), {
            replace: true,
            preventScrollReset: true,
          });
      });
    },
    [setParams],
  );
  const clear = useCallback(() => setFilters(NO_FILTERS), [setFilters]);
  const current = pending ?? fromAddress;
  const key = filtersKey(current);
  // The same object while the filters are the same: the address catching up redraws nothing.
  const shown = useRef({ key, filters: current });
  if (shown.current.key !== key) shown.current = { key, filters: current };
  return { filters: shown.current.filters, key, setFilters, clear };
}

/** The tasks the filters let through, in the order given; the same array when nothing is filtered. */
export function useFilteredTasks<T extends FilterableTask>(
  tasks: readonly T[],
  filters: TaskFilters,
  /** The project's current cycle, for "Current cycle". */
  currentCycleId: string | null = null,
  /** Whether a task is finished (Done or Canceled category), for "Overdue". */
  finished?: (task: T) => boolean,
): T[] {
  const me = useMe();
  const meId = me.data?.user_id ?? null;
  return useMemo(() => {
    const key = filtersKey(filters);
    if (!key) return tasks as T[];
    const matches = filterPredicate(filters, {
      meId,
      now: new Date(),
      currentCycleId,
      finished: finished as ((task: FilterableTask) => boolean) | undefined,
    });
    return tasks.filter(matches);
  }, [tasks, filters, meId, currentCycleId, finished]);
}
