import { AUTOSAVE_DEBOUNCE_MS } from '@figgle/shared/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AutosaveQueue, type AutosaveStatus } from './autosave-queue';

export type { AutosaveStatus } from './autosave-queue';

export interface Autosave<T> {
  status: AutosaveStatus;
  /** A local change not yet confirmed by the server (typed, waiting, or being saved). */
  isDirty: () => boolean;
  /** Saves `value` once nothing else was typed for 2 s (docs/product.md#task-page). */
  schedule: (value: T) => void;
  /** Saves the waiting value now. */
  flush: () => void;
}

export function useAutosave<T>(
  save: (value: T) => Promise<unknown>,
  delay = AUTOSAVE_DEBOUNCE_MS,
): Autosave<T> {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const queue = useRef<AutosaveQueue<T> | null>(null);
  queue.current ??= new AutosaveQueue(save, delay, setStatus);
  queue.current.setSave(save);

  const actions = useMemo(() => {
    const current = queue.current!;
    return {
      isDirty: () => current.isDirty(),
      schedule: (value: T) => current.schedule(value),
      flush: () => void current.flush(),
    };
  }, []);

  // Leaving the page must not lose what was typed in the last two seconds.
  useEffect(() => () => void queue.current?.flush(), []);

  return { status, ...actions };
}
