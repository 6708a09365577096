import { AUTOSAVE_DEBOUNCE_MS } from '@figgle/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface Autosave<T> {
  status: AutosaveStatus;
  /** A local change not yet confirmed by the server (typed, waiting, or being saved). */
  isDirty: () => boolean;
  /** Saves `value` once nothing else was typed for 2 s (core §4). */
  schedule: (value: T) => void;
  /** Saves the waiting value now (Ctrl+Enter, leaving the field, leaving the page). */
  flush: () => void;
}

/**
 * One save at a time, always of the latest value: a value typed while a save is in flight waits for
 * it, then goes out. A failed save keeps the value, so the next keystroke or flush tries again.
 */
export function useAutosave<T>(
  save: (value: T) => Promise<unknown>,
  delay = AUTOSAVE_DEBOUNCE_MS,
): Autosave<T> {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const saveRef = useRef(save);
  saveRef.current = save;
  const pending = useRef<{ value: T } | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const run = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current || !pending.current) return;
    const { value } = pending.current;
    pending.current = null;
    inFlight.current = true;
    setStatus('saving');
    try {
      await saveRef.current(value);
      inFlight.current = false;
      if (pending.current) {
        setStatus('pending');
        timer.current = window.setTimeout(() => void run(), delay);
      } else {
        setStatus('saved');
      }
    } catch {
      inFlight.current = false;
      pending.current ??= { value };
      setStatus('error');
    }
  }, [delay]);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setStatus((current) => (current === 'saving' ? current : 'pending'));
      if (inFlight.current) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  const flush = useCallback(() => void run(), [run]);
  const isDirty = useCallback(() => pending.current !== null || inFlight.current, []);

  // Leaving the page must not lose what was typed in the last two seconds.
  useEffect(() => () => void run(), [run]);

  return { status, isDirty, schedule, flush };
}
