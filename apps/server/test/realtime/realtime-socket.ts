import {
  type BatchFrame,
  PROTOCOL_VERSION,
  REALTIME_PATH,
  type ServerFrame,
} from '@figgle/shared/realtime-protocol';
import WebSocket from 'ws';

export interface OpenOptions {
  cookie?: string;
  /** Sent as X-Forwarded-For: the client's address, to a server started with TRUST_PROXY. */
  forwardedFor?: string;
  version?: number | null;
  origin?: string;
}

type Waiter = { match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void };

/** A real websocket client of /api/realtime that records every frame it receives. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  /** Websocket messages received (an `events` or `batch` frame counts once). */
  wireFrames = 0;
  /** The `batch` frames received, whole (their events are in `frames` too, one by one). */
  readonly batches: BatchFrame[] = [];
  private readonly waiters = new Set<Waiter>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const received = JSON.parse(data.toString()) as ServerFrame;
      this.wireFrames += 1;
      if (received.type === 'batch') this.batches.push(received);
      // Events that went out together are recorded one by one, as the web client hands them over.
      const frames = received.type === 'events' || received.type === 'batch' ? received.events : [received];
      for (const frame of frames) this.record(frame);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  private record(frame: ServerFrame): void {
    this.frames.push(frame);
    for (const waiter of this.waiters) {
      if (waiter.match(frame)) {
        this.waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  }

  /** Opens a socket and waits for the server's hello. */
  static async open(baseUrl: string, options: OpenOptions = {}): Promise<TestSocket> {
    const socket = TestSocket.connect(baseUrl, options);
    await new Promise<void>((resolve, reject) => {
      socket.ws.once('open', () => resolve());
      socket.ws.once('error', reject);
      socket.ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
    });
    if (options.version === undefined || (options.version ?? 0) >= 1)
      await socket.next((f) => f.type === 'hello');
    return socket;
  }

  /** Starts a connection without waiting (to observe a refused upgrade). */
  static connect(
    baseUrl: string,
    { cookie, version = PROTOCOL_VERSION, origin, forwardedFor }: OpenOptions = {},
  ): TestSocket {
    const url = new URL(REALTIME_PATH, baseUrl.replace(/^http/, 'ws'));
    if (version !== null) url.searchParams.set('v', String(version));
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    return new TestSocket(new WebSocket(url, { headers }));
  }

  /** The status code of a refused upgrade. */
  refusal(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.ws.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      this.ws.once('open', () => reject(new Error('the upgrade was accepted')));
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first matching frame received after the first `from` frames (already here or coming). */
  next<T extends ServerFrame = ServerFrame>(
    match: (frame: ServerFrame) => boolean,
    from = 0,
    timeoutMs = 5_000,
  ): Promise<T> {
    const seen = this.frames.slice(from).find(match);
    if (seen) return Promise.resolve(seen as T);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `no matching frame within ${timeoutMs} ms; last: ${JSON.stringify(this.frames.slice(-3))}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** How many frames arrived so far: pass it to `next` to wait for what comes after an action. */
  mark(): number {
    return this.frames.length;
  }

  /** Subscribes and waits for the answer: 'subscribed' or the error frame. */
  async subscribe(topic: string): Promise<ServerFrame> {
    const answer = this.next(
      (f) =>
        (f.type === 'subscribed' && f.topic === topic.toLowerCase()) ||
        (f.type === 'error' && f.topic === topic),
      this.mark(),
    );
    this.send({ type: 'subscribe', topic });
    return answer;
  }

  /** Frames received since `from` that match. */
  since(from: number, match: (frame: ServerFrame) => boolean): ServerFrame[] {
    return this.frames.slice(from).filter(match);
  }

  close(): void {
    this.ws.close();
  }
}

export const eventsOn = (topic: string) => (frame: ServerFrame) =>
  frame.type === 'event' && frame.topic === topic;

/** The socket's close, when it comes within `ms` of now; fails otherwise. */
export async function closedWithin(
  socket: TestSocket,
  ms: number,
): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the socket was still open ${ms} ms later`)), ms);
  });
  try {
    return await Promise.race([socket.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}
