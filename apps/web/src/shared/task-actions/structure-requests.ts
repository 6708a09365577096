import { useEffect } from 'react';

/** What the command palette may ask of the open task page's Sub-tasks and Relations sections. */
export type StructureRequest = 'add-subtask' | 'mark-blocked-by';

const REQUEST_EVENT = 'figgle:structure-request';
/** The channel between the palette and the task page, which know nothing of each other. */
const channel = new EventTarget();

/** Asks the open task page to start adding a sub-task, or a task that blocks it. */
export function requestStructure(request: StructureRequest): void {
  channel.dispatchEvent(new CustomEvent<StructureRequest>(REQUEST_EVENT, { detail: request }));
}

/** Runs `handle` for each request while the calling component is mounted. */
export function useStructureRequests(handle: (request: StructureRequest) => void): void {
  useEffect(() => {
    const listener = (event: Event) => handle((event as CustomEvent<StructureRequest>).detail);
    channel.addEventListener(REQUEST_EVENT, listener);
    return () => channel.removeEventListener(REQUEST_EVENT, listener);
  }, [handle]);
}
