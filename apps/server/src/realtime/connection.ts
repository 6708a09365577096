import type { ServerFrame } from '@figgle/shared/realtime-protocol';
import { framesOf, type OutgoingEvent } from './outbox.ts';
import { TokenBucket } from './rate-limit.ts';

/** The part of a `ws` socket the hub uses. */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface RealtimeUser {
  userId: string;
  firstname: string;
  lastname: string;
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
    this.sendRaw(JSON.stringify(frame));
  }

  /** A frame already serialized; a Buffer (encoded once for many sockets) goes out as text too. */
  sendRaw(text: string | Buffer): void {
    if (this.outgoing.length > 0) {
      const events = this.outgoing;
      this.outgoing = [];
      for (const frame of framesOf(events)) this.write(frame);
    }
    this.write(text);
  }

  private write(text: string | Buffer): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.closed = true;
      this.socket.terminate();
      return;
    }
    if (typeof text === 'string') this.socket.send(text);
    else this.socket.send(text, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.socket.readyState === OPEN) this.socket.close(code, reason);
    else this.socket.terminate();
  }
}
