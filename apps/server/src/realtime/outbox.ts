import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { markWriteStep } from '../write-timings.ts';
import type { Connection } from './connection.ts';
import { framesOf, type OutgoingEvent } from './outgoing-event.ts';
import type { SharedFrame } from './shared-frame.ts';

export interface OutboxOptions {
  /** The share of the server's time that sending events may take when changes pour in. */
  share?: number;
  /** The share when the server has no idle time left (its requests then come first). */
  saturatedShare?: number;
  /** Whether the server had no idle time of late (measured on the event loop by default). */
  saturated?: () => boolean;
  /** Sending time that may be spent at once, above the share, after a quiet spell (ms). */
  burstMs?: number;
  /** The most sockets `sendNow` sends to ahead of the turn's end (a few ms of sending at most). */
  sendNowMaxSockets?: number;
  now?: () => number;
  /** Hears how many events (one per event per socket) each sending wrote, for GET /metrics. */
  onSent?: (events: number) => void;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/outbox-budgets.md
/**
 * Where the fan-out leaves events for sockets; they leave once the fan-out of their event is done
 * (`sendNow`), or at the latest once the current turn of the event loop is over, so everything a
 * change produced for a socket goes out in one frame.
 *
 * Writing to a socket costs a system call whatever the frame's size, so with many sockets and changes
 * pouring in, sending each event on its own would take all of the server's time. Sending time is
 * therefore budgeted: it refills at `share` of the clock (less when the server has no idle time left,
 * so its requests and writes come first), up to `burstMs`. While there is budget, events leave at
 * once; when it runs out, the next sending waits for it, and what piled up meanwhile goes to each
 * socket in a single frame. The shares, what they trade and the benchmarks that set them
 * (bench/realtime, bench/load): docs/decisions/0008-speed-devices.md.
 */
export class EventOutbox {
  /** The sockets with events waiting, in the order they first got one. */
  private waiting: Connection[] = [];
  private readonly share: number;
  private readonly saturatedShare: number;
  private readonly saturated: () => boolean;
  private readonly burstMs: number;
  private readonly sendNowMaxSockets: number;
  private readonly now: () => number;
  private readonly onSent: (events: number) => void;
  private budget: number;
  private refilledAt: number;
  private scheduled: { cancel(): void } | undefined;

  constructor(options: OutboxOptions = {}) {
    this.share = options.share ?? 0.5;
    this.saturatedShare = options.saturatedShare ?? 0.1;
    this.saturated = options.saturated ?? eventLoopSaturation();
    this.burstMs = options.burstMs ?? 100;
    this.sendNowMaxSockets = options.sendNowMaxSockets ?? 256;
    this.now = options.now ?? (() => performance.now());
    this.onSent = options.onSent ?? (() => {});
    this.budget = this.burstMs;
    this.refilledAt = this.now();
  }

  /** Leaves `event` for each of `connections`. */
  queue(connections: Iterable<Connection>, event: OutgoingEvent): void {
    for (const connection of connections) {
      if (connection.closed) continue;
      // A socket waits once, however many events it waits for (it may be listed again after its
      // events went out ahead of another frame: flush passes over it then).
      if (connection.outgoing.length === 0) this.waiting.push(connection);
      connection.outgoing.push(event);
    }
    markWriteStep('queued');
    if (this.waiting.length > 0) this.schedule();
  }

  /**
   * The fan-outs are done: what waits leaves now, instead of at the end of the turn, if it is for
   * few sockets and the budget allows. On a quiet server that turn is the publishing request's own
   * remaining work (on PGlite its next statement, run on this thread, and its answer), which the
   * event then no longer waits for. Sending first delays that answer by the sending time, though,
   * about 12 ms a write for a thousand sockets, and bench/load's clients wait for their answers: a
   * big fan-out still leaves at the end of the turn, after them.
   */
  sendNow(): void {
    if (this.waiting.length === 0 || this.waiting.length > this.sendNowMaxSockets) return;
    this.refill(this.now());
    if (this.budget >= 0) this.flush();
  }

  /** Sends everything waiting, now. */
  flush(): void {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    if (this.waiting.length === 0) return;
    const started = this.now();
    markWriteStep('sending');
    this.refill(started);
    const connections = this.waiting;
    this.waiting = [];
    // Sockets that wait for the same events share their frames, built once.
    const shared = new Map<string, SharedFrame[]>();
    let sent = 0;
    for (const connection of connections) {
      const events = connection.outgoing;
      if (events.length === 0) continue;
      sent += events.length;
      let frames: SharedFrame[] | undefined;
      if (events.length === 1) {
        // The usual case, an event for each socket of a topic: its array is kept, emptied.
        frames = events[0]!.frames;
        events.length = 0;
      } else {
        connection.outgoing = [];
        const key = events.map((event) => event.number).join(',');
        frames = shared.get(key);
        if (!frames) {
          frames = framesOf(events);
          shared.set(key, frames);
        }
      }
      for (const frame of frames) connection.sendShared(frame);
    }
    markWriteStep('sent');
    this.onSent(sent);
    const finished = this.now();
    this.budget -= finished - started;
    this.refilledAt = finished;
  }

  /** Stops sending; what still waits is dropped. */
  close(): void {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    for (const connection of this.waiting) connection.outgoing = [];
    this.waiting = [];
  }

  private currentShare(): number {
    return this.saturated() ? this.saturatedShare : this.share;
  }

  private refill(at: number): void {
    this.budget = Math.min(this.burstMs, this.budget + (at - this.refilledAt) * this.currentShare());
    this.refilledAt = at;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.refill(this.now());
    if (this.budget >= 0) {
      const immediate = setImmediate(() => this.flush());
      this.scheduled = { cancel: () => clearImmediate(immediate) };
      return;
    }
    const timer = setTimeout(() => this.flush(), Math.ceil(-this.budget / this.currentShare()));
    this.scheduled = { cancel: () => clearTimeout(timer) };
  }
}

/** Busy ≥ 95% of the last quarter second or more: a loaded server, not merely a busy fan-out. */
function eventLoopSaturation(windowMs = 250, threshold = 0.95): () => boolean {
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  let saturated = false;
  return () => {
    const recent = performance.eventLoopUtilization(since);
    if (recent.idle + recent.active >= windowMs) {
      saturated = recent.utilization >= threshold;
      since = performance.eventLoopUtilization();
    }
    return saturated;
  };
}
