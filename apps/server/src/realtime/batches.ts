import { BATCH_PROTOCOL_VERSION } from '@figgle/shared/realtime-protocol';
import type { BusEvent } from './bus.ts';
import type { Connection } from './connection.ts';
import type { EventOutbox } from './outbox.ts';
import { OutgoingEvent } from './outgoing-event.ts';

/** How long a batch waits for its missing events (one lost on the way) before it leaves without them. */
const BATCH_WAIT_MS = 2_000;

/**
 * The frames of one batch (the events of one write that changed many tasks, BusEvent.batch), held
 * per socket while its events are fanned out. Once the last one is done, each socket gets its share
 * in one `batch` frame, applied at once by the client; a socket of a client older than protocol 4
 * gets the same events as they are (the outbox sends them in `events` frames).
 */
class PendingBatch {
  /** Each socket's frames, with the place of their event in the batch. */
  private readonly bySocket = new Map<Connection, Array<{ index: number; event: OutgoingEvent }>>();
  private done = 0;
  readonly timer: NodeJS.Timeout;

  constructor(
    readonly id: string,
    readonly size: number,
    onTimeout: () => void,
  ) {
    this.timer = setTimeout(onTimeout, BATCH_WAIT_MS);
    this.timer.unref();
  }

  /** Where the fan-out of the batch's `index`th event leaves its frames (FanOutHub's outbox). */
  outboxOf(index: number): Pick<EventOutbox, 'queue'> {
    return {
      queue: (connections, event) => {
        for (const connection of connections) {
          const events = this.bySocket.get(connection);
          if (events) events.push({ index, event });
          else this.bySocket.set(connection, [{ index, event }]);
        }
      },
    };
  }

  /** One of its events is fanned out; true when that was the last. */
  finishOne(): boolean {
    this.done += 1;
    return this.done >= this.size;
  }

  /** Leaves each socket's share in the outbox: one frame, built once for sockets with the same share. */
  release(outbox: EventOutbox): void {
    clearTimeout(this.timer);
    const shared = new Map<string, { event: OutgoingEvent; sockets: Connection[] }>();
    for (const [connection, queued] of this.bySocket) {
      if (connection.closed) continue;
      // In the order the events were published, whichever fan-out ended first (a stable sort).
      const events = queued.sort((a, b) => a.index - b.index).map(({ event }) => event);
      if (connection.protocol < BATCH_PROTOCOL_VERSION) {
        for (const event of events) outbox.queue([connection], event);
        continue;
      }
      const key = events.map((event) => event.number).join(',');
      const group = shared.get(key);
      if (group) group.sockets.push(connection);
      else {
        const text = `{"type":"batch","id":${JSON.stringify(this.id)},"events":[${events.map((event) => event.text).join(',')}]}`;
        shared.set(key, { event: new OutgoingEvent(text, true), sockets: [connection] });
      }
    }
    for (const { event, sockets } of shared.values()) outbox.queue(sockets, event);
    this.bySocket.clear();
  }
}

/** The batches a hub is fanning out, by id. */
export class Batches {
  private readonly pending = new Map<string, PendingBatch>();

  constructor(private readonly outbox: EventOutbox) {}

  /** Where the fan-out of `event` leaves its frames: its batch's holder, or the outbox itself. */
  outboxFor(event: BusEvent): Pick<EventOutbox, 'queue'> {
    const batch = event.batch;
    if (!batch || batch.size < 2) return this.outbox;
    let pending = this.pending.get(batch.id);
    if (!pending) {
      pending = new PendingBatch(batch.id, batch.size, () => this.release(batch.id));
      this.pending.set(batch.id, pending);
    }
    return pending.outboxOf(batch.index);
  }

  /** The fan-out of `event` is done (or failed): its batch leaves once all its events are. */
  finished(event: BusEvent): void {
    const pending = event.batch ? this.pending.get(event.batch.id) : undefined;
    if (pending?.finishOne()) this.release(pending.id);
  }

  /** Stops waiting: what is held leaves now (the hub closes). */
  releaseAll(): void {
    for (const id of [...this.pending.keys()]) this.release(id);
  }

  private release(id: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.release(this.outbox);
    // A release by the timer comes after the fan-outs' last sendNow: nothing else would send it.
    this.outbox.sendNow();
  }
}
