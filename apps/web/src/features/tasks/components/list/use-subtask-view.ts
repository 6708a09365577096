import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type SubtaskView, searchWithSubtaskView, subtaskViewFrom } from './subtask-rows';

/**
 * The list's sub-tasks, nested under their parent or flat, kept in the address (`?subtasks=nested`).
 * The router writes the address a moment after the click: until then the view shows the change
 * already, so the switch never springs back.
 */
export function useSubtaskView(): [SubtaskView, (view: SubtaskView) => void] {
  const [params, setParams] = useSearchParams();
  const fromAddress = subtaskViewFrom(params);
  const [pending, setPending] = useState<SubtaskView | null>(null);
  useEffect(() => {
    if (pending === fromAddress) setPending(null);
  }, [pending, fromAddress]);
  const setView = useCallback(
    (next: SubtaskView) => {
      setPending(next);
      setParams((current) => searchWithSubtaskView(current, next), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [pending ?? fromAddress, setView];
}
