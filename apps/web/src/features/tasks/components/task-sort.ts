import { priorityOrder } from '@figgle/shared/priority';
import { compareTasksForList } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dueSortKey } from '../../../ui/planning/due-date';

/** The list's order: by status then title (the default), by due date, or by priority. */
export type TaskSort = 'status' | 'due' | 'priority';

type Sortable = Pick<TaskSummaryView, 'status' | 'title' | 'due_on' | 'due_at' | 'priority'>;

function byDue(a: Sortable, b: Sortable): number {
  const [left, right] = [dueSortKey(a), dueSortKey(b)];
  return left === right ? 0 : left < right ? -1 : 1;
}

const byPriority = (a: Sortable, b: Sortable) =>
  priorityOrder(a.priority ?? 'NONE') - priorityOrder(b.priority ?? 'NONE');

/**
 * Due date: the earliest first, no date last. Priority: Urgent first, None last, then the earliest
 * due. Ties keep the default order, status then title.
 */
export function compareTasksBy(sort: TaskSort): (a: Sortable, b: Sortable) => number {
  if (sort === 'due') return (a, b) => byDue(a, b) || compareTasksForList(a, b);
  if (sort === 'priority') return (a, b) => byPriority(a, b) || byDue(a, b) || compareTasksForList(a, b);
  return compareTasksForList;
}

const SORT_PARAM = 'sort';

/** The list's order lives in the address (`?sort=due`), so a reload or a shared link keeps it. */
export function useTaskSort(): [TaskSort, (sort: TaskSort) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(SORT_PARAM);
  const sort: TaskSort = value === 'due' || value === 'priority' ? value : 'status';
  const setSort = useCallback(
    (next: TaskSort) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'status') updated.delete(SORT_PARAM);
          else updated.set(SORT_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [sort, setSort];
}
