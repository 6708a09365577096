import { PROTOCOL_VERSION, type ServerFrame } from '@figgle/shared/realtime-protocol';
import { framesOf, type OutgoingEvent } from './outgoing-event.ts';
import { TokenBucket } from './rate-limit.ts';
import type { SharedFrame } from './shared-frame.ts';

/** A websocket as the hub uses it (ws-socket.ts adapts `ws`'s). */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** Sends a text frame of this socket's own. */
  sendText(text: string): void;
  /** Sends a text frame that other sockets receive too. */
  sendShared(frame: SharedFrame): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface RealtimeUser {
  userId: string;
  firstname: string;
  lastname: string;
}

/** The sign-in a socket was opened with: when it ends, the socket closes (bus.ts, EndedSessions). */
export interface SocketSession {
  authUserId: string;
  /** The digest of its token (auth/session-ended.ts). */
  key: string;
}

const OPEN = 1;
/** A client this far behind reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface ConnectionLimits {
  burst: number;
  perSecond: number;
  /** Frames dropped for flooding before the socket is closed. */
  maxDropped: number;
  /** Malformed frames before the socket is closed. */
  maxBadFrames: number;
}

/** One open socket of a signed-in user: what it listens to and which organizations it may see. */
export class Connection {
  /** topic → the organization it belongs to (null for the user-wide topics). */
  readonly subscriptions = new Map<string, string | null>();
  /** Organization → the hub's sequence number when the user lost access to it. */
  readonly revokedAt = new Map<string, number>();
  readonly bucket: TokenBucket;
  lastSeen = Date.now();
  lastValidated = Date.now();
  badFrames = 0;
  droppedFrames = 0;
  lastRateLimitNotice = 0;
  closed = false;
  session: SocketSession | null = null;
  /** The protocol version the client asked for (`?v=`): a client older than 4 gets no `batch` frames. */
  protocol = PROTOCOL_VERSION;
  /** Events the hub's outbox holds for this socket (sent before any other frame, to keep the order). */
  outgoing: OutgoingEvent[] = [];
  /** Frames are handled one after another, so a subscribe and its unsubscribe keep their order. */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly user: RealtimeUser,
    readonly organizations: Set<string>,
    private readonly socket: RealtimeSocket,
    readonly limits: ConnectionLimits,
  ) {
    this.bucket = new TokenBucket(limits.burst, limits.perSecond);
  }

  send(frame: ServerFrame): void {
    if (this.writable()) this.socket.sendText(JSON.stringify(frame));
  }

  /** A frame serialized and framed once for the many sockets that receive it. */
  sendShared(frame: SharedFrame): void {
    if (this.writable()) this.socket.sendShared(frame);
  }

  /** Whether a frame may go out now; the events waiting in the hub's outbox go first, to keep the order. */
  private writable(): boolean {
    if (this.closed || this.socket.readyState !== OPEN) return false;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.closed = true;
      this.socket.terminate();
      return false;
    }
    if (this.outgoing.length > 0) {
      const events = this.outgoing;
      this.outgoing = [];
      for (const frame of framesOf(events)) this.socket.sendShared(frame);
    }
    return true;
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.socket.readyState === OPEN) this.socket.close(code, reason);
    else this.socket.terminate();
  }
}
