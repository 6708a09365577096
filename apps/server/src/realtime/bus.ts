/**
 * The bus carries small facts about committed changes, never whole rows (PostgreSQL's NOTIFY payload
 * stops at 8,000 bytes). Each server loads and presents the entity once per event, then fans it out
 * to its own authorized sockets. Commands publish after their transaction commits.
 */
export type BusEventKind =
  | 'project'
  | 'task'
  | 'comment'
  | 'log'
  | 'figma_event'
  | 'organization'
  | 'membership';

export interface BusEvent {
  kind: BusEventKind;
  action: 'created' | 'updated' | 'deleted';
  /** The id of the changed entity (for membership: the user whose rule changed). */
  id: string;
  organizationId: string;
  projectId?: string;
  taskId?: string;
  /** The user who made the change, when a person did. */
  actorId?: string | null;
}

export type BusHandler = (event: BusEvent) => void;

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this process's handlers. */
export function createInProcessBus(): Bus {
  const handlers = new Set<BusHandler>();
  return {
    async publish(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
