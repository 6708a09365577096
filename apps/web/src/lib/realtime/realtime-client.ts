import { REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS, reconnectDelayMs } from '@figgle/shared/constants';
import {
  CLOSE_CODES,
  type ClientFrame,
  type EventFrame,
  PROTOCOL_VERSION,
  type PresenceStateFrame,
  REALTIME_PATH,
  type ServerFrame,
} from '@figgle/shared/realtime-protocol';

/** WebSocket.OPEN, spelled out so the client also runs where WebSocket is not a global. */
const OPEN = 1;

export type RealtimeStatus = 'connecting' | 'open' | 'waiting' | 'offline' | 'outdated' | 'stopped';

export interface RealtimeHandlers {
  onEvent(frame: EventFrame): void;
  /** The events of one change of many tasks (a `batch` frame), to apply at once; else each by onEvent. */
  onBatch?(events: EventFrame[]): void;
  onPresence(frame: PresenceStateFrame): void;
  /** Events may have been missed (a reconnection, or the server said so): refetch what is shown. */
  onResync(): void;
  /** A topic just subscribed to changed `lastEventMsAgo` ago: what was read of it before may lack it. */
  onChangedBeforeSubscribing?(topic: string, lastEventMsAgo: number): void;
  onStatus?(status: RealtimeStatus): void;
  /** A topic was refused or closed (access to its organization ended). */
  onForbidden?(topic: string): void;
  /** The server closed the socket because the session ended. */
  onSignedOut?(): void;
}

export interface RealtimeClientOptions {
  /** Defaults to the page's own origin. */
  url?: string;
  heartbeatMs?: number;
  timeoutMs?: number;
  createSocket?: (url: string) => WebSocket;
  isOnline?: () => boolean;
}

/**
 * The tab's one websocket: topics are reference-counted, re-subscribed after every reconnection
 * (back-off 1 s, 2 s, 5 s, then 10 s), and a ping every 30 s proves the connection alive (no pong
 * within 10 s: reconnect). The route the tab shows is announced as presence.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly topics = new Map<string, number>();
  private route: string | null = null;
  private attempt = 0;
  private everOpened = false;
  private stopped = true;
  private status: RealtimeStatus = 'stopped';
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private pingRef = 0;
  private readonly heartbeatMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly handlers: RealtimeHandlers,
    private readonly options: RealtimeClientOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
    this.timeoutMs = options.timeoutMs ?? REALTIME_TIMEOUT_MS;
  }

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Tab closed');
    this.setStatus('stopped');
  }

  /** Listens to a topic until the returned function is called (shared by every caller). */
  subscribe(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) this.send({ type: 'subscribe', topic });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const remaining = (this.topics.get(topic) ?? 1) - 1;
      if (remaining > 0) {
        this.topics.set(topic, remaining);
        return;
      }
      this.topics.delete(topic);
      this.send({ type: 'unsubscribe', topic });
    };
  }

  /** The page this tab shows, for Team Online (null: nothing to share). */
  setRoute(route: string | null): void {
    if (route === this.route) return;
    this.route = route;
    this.send({ type: 'presence', route });
  }

  /** The network came back: try at once instead of waiting for the back-off. */
  retryNow(): void {
    if (this.stopped || this.status === 'outdated') return;
    if (this.socket && this.socket.readyState <= OPEN) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.connect();
  }

  private isOnline(): boolean {
    return this.options.isOnline ? this.options.isOnline() : navigator.onLine !== false;
  }

  private connect(): void {
    if (this.stopped) return;
    if (!this.isOnline()) {
      this.setStatus('offline');
      return;
    }
    this.setStatus('connecting');
    const base = this.options.url ?? window.location.origin;
    const url = new URL(REALTIME_PATH, base.replace(/^http/, 'ws'));
    url.searchParams.set('v', String(PROTOCOL_VERSION));
    const socket = this.options.createSocket ? this.options.createSocket(url.toString()) : new WebSocket(url);
    this.socket = socket;
    socket.onmessage = (message) => {
      if (this.socket !== socket || typeof message.data !== 'string') return;
      this.receive(message.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.afterClose(event.code);
    };
  }

  private afterClose(code: number): void {
    if (this.stopped) return;
    if (code === CLOSE_CODES.clientTooOld) {
      this.setStatus('outdated');
      return;
    }
    if (code === CLOSE_CODES.signedOut) {
      this.handlers.onSignedOut?.();
    }
    if (!this.isOnline()) {
      this.setStatus('offline');
      return;
    }
    this.attempt += 1;
    this.setStatus('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, reconnectDelayMs(this.attempt));
  }

  private receive(text: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'hello':
        this.opened();
        return;
      case 'event':
        this.handlers.onEvent(frame);
        return;
      case 'events':
        for (const event of frame.events) this.handlers.onEvent(event);
        return;
      case 'batch':
        if (this.handlers.onBatch) this.handlers.onBatch(frame.events);
        else for (const event of frame.events) this.handlers.onEvent(event);
        return;
      case 'presence':
        this.handlers.onPresence(frame);
        return;
      case 'pong':
        clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        return;
      case 'resync':
        this.handlers.onResync();
        return;
      case 'error':
        // A topic refused (or closed because membership ended) is not asked for again.
        if (frame.code === 'forbidden' && frame.topic) {
          this.topics.delete(frame.topic);
          this.handlers.onForbidden?.(frame.topic);
        }
        if (frame.code === 'client-too-old') this.setStatus('outdated');
        return;
      case 'subscribed':
        if (frame.lastEventMsAgo !== undefined) {
          this.handlers.onChangedBeforeSubscribing?.(frame.topic, frame.lastEventMsAgo);
        }
        return;
    }
  }

  private opened(): void {
    const reconnected = this.everOpened;
    this.everOpened = true;
    this.attempt = 0;
    this.setStatus('open');
    for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
    if (this.route !== null) this.send({ type: 'presence', route: this.route });
    this.heartbeatTimer = setInterval(() => this.ping(), this.heartbeatMs);
    if (reconnected) this.handlers.onResync();
  }

  private ping(): void {
    if (this.pongTimer) return;
    this.pingRef += 1;
    this.send({ type: 'ping', ref: this.pingRef });
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      // No answer: the connection is dead even if the browser has not noticed yet.
      const socket = this.socket;
      this.socket = null;
      this.clearTimers();
      socket?.close(4000, 'Heartbeat timed out');
      this.afterClose(4000);
    }, this.timeoutMs);
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === OPEN && this.status === 'open') {
      this.socket.send(JSON.stringify(frame));
    }
  }

  private clearTimers(): void {
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.pongTimer);
    this.reconnectTimer = undefined;
    this.heartbeatTimer = undefined;
    this.pongTimer = undefined;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.handlers.onStatus?.(status);
  }
}
