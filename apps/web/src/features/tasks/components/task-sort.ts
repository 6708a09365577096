import { estimateRank } from '@figgle/shared/estimate';
import { priorityOrder } from '@figgle/shared/priority';
import { compareTasksForList } from '@figgle/shared/status';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dueSortKey } from '../../../ui/planning/due-date';

/** The list's order: by status then title (the default), by due date, by priority or by estimate. */
export type TaskSort = 'status' | 'due' | 'priority' | 'estimate' | `field:${string}`;

type Sortable = Pick<TaskSummaryView, 'status' | 'title' | 'due_on' | 'due_at' | 'priority'> & {
  /** Absent on a copy kept on the device from before estimates. */
  estimate?: string | null;
};

function byDue(a: Sortable, b: Sortable): number {
  const [left, right] = [dueSortKey(a), dueSortKey(b)];
  return left === right ? 0 : left < right ? -1 : 1;
}

const byPriority = (a: Sortable, b: Sortable) =>
  priorityOrder(a.priority ?? 'NONE') - priorityOrder(b.priority ?? 'NONE');

/** The largest estimate first (13 before 1, XL before XS), no estimate last. */
function byEstimate(a: Sortable, b: Sortable): number {
  const [left, right] = [estimateRank(a.estimate), estimateRank(b.estimate)];
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return right - left;
}

/**
 * Due date: the earliest first, no date last. Priority: Urgent first, None last, then the earliest
 * due. Estimate: the largest first, none last. Ties keep the default order, status then title.
 */
export function compareTasksBy(sort: TaskSort): (a: Sortable, b: Sortable) => number {
  if (sort === 'due') return (a, b) => byDue(a, b) || compareTasksForList(a, b);
  if (sort === 'estimate') return (a, b) => byEstimate(a, b) || compareTasksForList(a, b);
  if (sort === 'priority') return (a, b) => byPriority(a, b) || byDue(a, b) || compareTasksForList(a, b);
  return compareTasksForList;
}

const SORT_PARAM = 'sort';
/** `?sort=field:<id>`: by a custom field's values (shared/custom-values/field-sort.ts). */
const FIELD_SORT = /^field:[0-9a-f-]{36}$/i;

/** The list's order lives in the address (`?sort=due`), so a reload or a shared link keeps it. */
export function useTaskSort(): [TaskSort, (sort: TaskSort) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(SORT_PARAM);
  const sort: TaskSort =
    value === 'due' || value === 'priority' || value === 'estimate' || FIELD_SORT.test(value ?? '')
      ? (value as TaskSort)
      : 'status';
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
