import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** How long a task that stopped matching stays on screen, fading, before it leaves (CSS matches it). */
const FADE_OUT_MS = 250;

interface Identified {
  task_id: string;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The tasks that were shown and are not any more, in the version last shown, or none when the
 * filters themselves changed (a person narrowing the view expects it at once, not a fade).
 */
export function tasksThatLeft<T extends Identified>(
  before: ReadonlyMap<string, T>,
  now: readonly T[],
  sameFilters: boolean,
): T[] {
  if (!sameFilters || before.size === 0) return [];
  const still = new Set(now.map((task) => task.task_id));
  return [...before.values()].filter((task) => !still.has(task.task_id));
}

/** The tasks to draw: those that match, then those still fading (not already back among them). */
export function withLeaving<T extends Identified>(
  matching: readonly T[],
  leaving: ReadonlyMap<string, T>,
): T[] {
  if (leaving.size === 0) return matching as T[];
  const shown = new Set(matching.map((task) => task.task_id));
  return [...matching, ...[...leaving.values()].filter((task) => !shown.has(task.task_id))];
}

/**
 * A filtered view whose tasks leave with a short fade when a change (live, or the person's own
 * picker) makes them stop matching, instead of the rows below jumping up at once. The leaving task
 * keeps the place and look it had, in `items`, and its id is in `leaving` for FADE_OUT_MS.
 */
export function useFadeOut<T extends Identified>(
  matching: readonly T[],
  filtersKey: string,
): { items: T[]; leaving: ReadonlySet<string> } {
  const [leaving, setLeaving] = useState<ReadonlyMap<string, T>>(() => new Map());
  const shown = useRef<{ key: string; tasks: Map<string, T> } | null>(null);
  // Each departure has its own timer: a second change while one fades must not cancel the first.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  // Before paint, so the frame without the task is never drawn.
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { key: filtersKey, tasks: new Map(matching.map((task) => [task.task_id, task])) };
    if (!previous) return;
    if (previous.key !== filtersKey) {
      setLeaving((current) => (current.size === 0 ? current : new Map()));
      return;
    }
    const left = tasksThatLeft(previous.tasks, matching, true);
    if (left.length === 0) return;
    setLeaving((current) => {
      const next = new Map(current);
      for (const task of left) next.set(task.task_id, task);
      return next;
    });
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((current) => {
        const next = new Map(current);
        for (const task of left) if (next.get(task.task_id) === task) next.delete(task.task_id);
        return next.size === current.size ? current : next;
      });
    }, FADE_OUT_MS);
    timers.current.add(timer);
  }, [matching, filtersKey]);

  return useMemo(() => {
    const items = withLeaving(matching, leaving);
    if (items === matching) return { items, leaving: NONE };
    const back = new Set(matching.map((task) => task.task_id));
    return { items, leaving: new Set([...leaving.keys()].filter((id) => !back.has(id))) };
  }, [matching, leaving]);
}
