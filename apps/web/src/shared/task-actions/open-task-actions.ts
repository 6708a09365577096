import { useEffect, useSyncExternalStore } from 'react';

/**
 * What can be done to the task whose page is open, offered by its "…" menu to the command palette
 * without the palette importing the task page: the same handlers, the same dialogs.
 */
export interface OpenTaskActions {
  taskId: string;
  remove: () => void;
  move: () => void;
  duplicate: () => void;
  copyLink: () => void;
  /** Its project, whose cycles decide whether the cycle actions are offered. */
  projectId: string;
  /** Plans it in its project's current cycle (docs/product.md#cycles). */
  moveToCurrentCycle: () => void;
  /** Opens the "Set cycle" dialog. */
  chooseCycle: () => void;
}

let current: OpenTaskActions | null = null;
const listeners = new Set<() => void>();

function set(actions: OpenTaskActions | null): void {
  current = actions;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open task's actions, or null when no task page is open. */
export function useOpenTaskActions(): OpenTaskActions | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Offers `actions` while the calling component is mounted (the task page's menu). */
export function useOfferOpenTaskActions(actions: OpenTaskActions | null): void {
  useEffect(() => {
    if (!actions) return;
    set(actions);
    return () => {
      if (current === actions) set(null);
    };
  }, [actions]);
}
