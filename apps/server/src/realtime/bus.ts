import { randomUUID } from 'node:crypto';
import type { TaskStatus } from '../db/schema.ts';
import { markWriteStep } from '../write-timings.ts';

/**
 * The bus carries small facts about committed changes, never whole rows (PostgreSQL's NOTIFY payload
 * stops at 8,000 bytes). Each server loads and presents the entity once per event, then fans it out
 * to its own authorized sockets. Commands publish after their transaction commits.
 */
type BusEventKind =
  | 'project'
  | 'task'
  | 'comment'
  | 'log'
  | 'figma_event'
  | 'organization'
  | 'membership'
  | 'label'
  /** Someone was told something (id: that person's user id), or read what they were told. */
  | 'notification';

export interface BusEvent {
  kind: BusEventKind;
  action: 'created' | 'updated' | 'deleted';
  /** The id of the changed entity (for membership: the user whose rule changed). */
  id: string;
  organizationId: string;
  projectId?: string;
  taskId?: string;
  /**
   * A task's status after the change, when the publisher knows it: lets listeners that care about
   * one status (Back to Figma, on DONE) pass over the others without a read.
   */
  status?: TaskStatus;
  /** The user who made the change, when a person did. */
  actorId?: string | null;
  /**
   * On a task's 'deleted' event for the project it left: the project it moved to (a 'created' event
   * there follows). Only that project's lists hear this one; the task page and my tasks hear the next.
   */
  movedToProjectId?: string;
  /**
   * The `index`th of the `size` events of one write that changed many tasks (a bulk change): each server's
   * hub holds a batch's frames until it has fanned out all of them, then sends each socket its share
   * in one `batch` frame (realtime/batches.ts).
   */
  batch?: { id: string; size: number; index: number };
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/writer-summary.md
/**
 * What the publishing process already holds about a change, for its own handlers only: other servers
 * hear the bare event and load what they need, as the bus carries no rows.
 */
export interface LocalFacts {
  /** The changed task's summary (presentTaskSummary's JSON text), as its write read it back. */
  taskSummary?: string;
  /**
   * The summary of a task another task's change told (its parent, a task it blocks), read in that
   * change's statement (features/tasks/dependents.ts); its version is the task's own, unchanged. Only
   * where statements run one at a time (the embedded database) is a later one the newer.
   */
  dependentSummary?: string;
}

export type BusHandler = (event: BusEvent, local?: LocalFacts) => void;

/** A message between server processes (presence of their sockets); small JSON, `t` names its type. */
export interface PeerMessage {
  t: string;
  [field: string]: unknown;
}

export type PeerHandler = (message: PeerMessage, fromServerId: string) => void;

/**
 * Sessions of one account that just ended (sign-out, password change or reset, revocation): every
 * server closes the sockets opened with them. Sessions are named by a digest of their token
 * (auth/session-ended.ts), never by the token, which would sign whoever reads the bus in.
 */
export interface EndedSessions {
  /** The account (auth_user id). */
  authUserId: string;
  /** The sessions that ended; absent: every session of the account but `except`. */
  sessions?: string[];
  /** The one session of the account that goes on. */
  except?: string;
}

export type SessionsEndedHandler = (ended: EndedSessions) => void;

export interface Bus {
  publish(event: BusEvent, local?: LocalFacts): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
  /** This process's id among the servers sharing the bus. */
  readonly serverId: string;
  /** Sends to every other server process; with a single process nothing happens. */
  sendToPeers(message: PeerMessage): void;
  onPeerMessage(handler: PeerHandler): () => void;
  /** Called after events may have been missed (the connection to the other servers came back). */
  onResync(handler: () => void): () => void;
  /** Tells every server, this one included, that sessions ended. */
  endSessions(ended: EndedSessions): void;
  onSessionsEnded(handler: SessionsEndedHandler): () => void;
  /**
   * Called after a commit wrote a table a signed-in session is read from, by whichever process
   * (PostgreSQL tells it to every server: migration 0019). The embedded database has no other writer.
   */
  onSessionTablesWritten(handler: () => void): () => void;
  /** Whether what other processes write is heard now (the LISTEN connection is up); always, with none. */
  hearsOthers(): boolean;
}

/** The handler sets of a bus; a failing handler never stops the others. */
export class BusHandlers {
  readonly events = new Set<BusHandler>();
  readonly peers = new Set<PeerHandler>();
  readonly resyncs = new Set<() => void>();
  readonly endedSessions = new Set<SessionsEndedHandler>();
  readonly sessionTableWrites = new Set<() => void>();

  constructor(private readonly onHandlerError: (error: unknown) => void) {}

  deliverEvent(event: BusEvent, local?: LocalFacts): void {
    for (const handler of this.events) this.safely(() => handler(event, local));
  }

  deliverPeer(message: PeerMessage, from: string): void {
    for (const handler of this.peers) this.safely(() => handler(message, from));
  }

  deliverResync(): void {
    for (const handler of this.resyncs) this.safely(handler);
  }

  deliverSessionsEnded(ended: EndedSessions): void {
    for (const handler of this.endedSessions) this.safely(() => handler(ended));
  }

  deliverSessionTablesWritten(): void {
    for (const handler of this.sessionTableWrites) this.safely(handler);
  }

  clear(): void {
    this.events.clear();
    this.peers.clear();
    this.resyncs.clear();
    this.endedSessions.clear();
    this.sessionTableWrites.clear();
  }

  private safely(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.onHandlerError(error);
    }
  }
}

export function subscribeTo<T>(set: Set<T>, handler: T): () => void {
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/**
 * One process (the embedded database): events go straight to this process's handlers, once the
 * commit they tell of is on disk (`durable`, the database's group commit).
 */
export function createInProcessBus(
  onHandlerError: (error: unknown) => void = () => {},
  durable: () => Promise<void> = () => Promise.resolve(),
): Bus {
  const handlers = new BusHandlers(onHandlerError);
  return {
    serverId: randomUUID(),
    async publish(event, local) {
      await durable();
      markWriteStep('published');
      handlers.deliverEvent(event, local);
    },
    subscribe: (handler) => subscribeTo(handlers.events, handler),
    sendToPeers() {},
    onPeerMessage: (handler) => subscribeTo(handlers.peers, handler),
    onResync: (handler) => subscribeTo(handlers.resyncs, handler),
    endSessions: (ended) => handlers.deliverSessionsEnded(ended),
    onSessionsEnded: (handler) => subscribeTo(handlers.endedSessions, handler),
    onSessionTablesWritten: (handler) => subscribeTo(handlers.sessionTableWrites, handler),
    hearsOthers: () => true,
    async close() {
      handlers.clear();
    },
  };
}
