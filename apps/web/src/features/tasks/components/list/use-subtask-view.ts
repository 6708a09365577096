import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type SubtaskView, searchWithSubtaskView, subtaskViewFrom } from './subtask-rows';

/** The list's sub-tasks, nested under their parent or flat, kept in the address (`?subtasks=nested`). */
export function useSubtaskView(): [SubtaskView, (view: SubtaskView) => void] {
  const [params, setParams] = useSearchParams();
  const view = subtaskViewFrom(params);
  const setView = useCallback(
    (next: SubtaskView) =>
      setParams((current) => searchWithSubtaskView(current, next), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return [view, setView];
}
