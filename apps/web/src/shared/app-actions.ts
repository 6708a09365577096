/**
 * Requests one part of the app makes of another without importing it: the "c" shortcut and the
 * command palette's "Create a task" ask, the project screen answers by opening its add-task dialog.
 */

/** Answers whether it took the request; `projectId` undefined means "the project on screen". */
type NewTaskHandler = (projectId: string | undefined) => boolean;

/** How long a request for a given project waits for its screen to open (after a navigation). */
const PENDING_MS = 10_000;

const handlers = new Set<NewTaskHandler>();
let pending: { projectId: string; at: number } | null = null;
/** The palette's "New task from template": the dialog opens on its template picker. */
let templateAsked = false;

/**
 * Asks for the add-task dialog of `projectId` (or of the project on screen). When no screen takes it
 * yet, a request naming a project waits a few seconds for that project's screen to open.
 */
export function requestNewTask(projectId?: string, options?: { fromTemplate?: boolean }): void {
  pending = null;
  templateAsked = options?.fromTemplate === true;
  for (const handler of handlers) if (handler(projectId)) return;
  if (projectId !== undefined) pending = { projectId, at: Date.now() };
}

/** Listens for requests; a request still waiting is offered at once. Answers the unsubscribe. */
export function onNewTaskRequested(handler: NewTaskHandler): () => void {
  handlers.add(handler);
  if (pending && Date.now() - pending.at < PENDING_MS && handler(pending.projectId)) pending = null;
  return () => {
    handlers.delete(handler);
  };
}

/** Whether the request that opened the add-task dialog asked for a template; answered once. */
export function takeTemplateRequest(): boolean {
  const asked = templateAsked;
  templateAsked = false;
  return asked;
}
