import { MAX_EVENTS_PER_FRAME } from '@figgle/shared/realtime-protocol';
import { SharedFrame } from './shared-frame.ts';

let nextEventNumber = 0;

/** An event frame serialized once (and encoded and framed once), however many sockets it goes to. */
export class OutgoingEvent {
  readonly number = nextEventNumber++;
  private alone: SharedFrame[] | undefined;

  /**
   * `text` is an event frame; with `whole`, a frame of its own that never goes inside an `events`
   * frame (a `batch` frame, realtime/batches.ts).
   */
  constructor(
    readonly text: string,
    readonly whole = false,
  ) {}

  /** The event in a frame of its own. */
  get frames(): SharedFrame[] {
    this.alone ??= [SharedFrame.of(this.text)];
    return this.alone;
  }
}

/**
 * The frames that carry `events` in order: one event as it is, several in `events` frames, a whole
 * frame (a batch) on its own between them.
 */
export function framesOf(events: readonly OutgoingEvent[]): SharedFrame[] {
  if (events.length === 1) return events[0]!.frames;
  const frames: SharedFrame[] = [];
  let run: OutgoingEvent[] = [];
  const endRun = () => {
    if (run.length === 1) frames.push(...run[0]!.frames);
    else {
      for (let start = 0; start < run.length; start += MAX_EVENTS_PER_FRAME) {
        const texts = run.slice(start, start + MAX_EVENTS_PER_FRAME).map((event) => event.text);
        frames.push(SharedFrame.of(`{"type":"events","events":[${texts.join(',')}]}`));
      }
    }
    run = [];
  };
  for (const event of events) {
    if (!event.whole) {
      run.push(event);
      continue;
    }
    if (run.length > 0) endRun();
    frames.push(...event.frames);
  }
  if (run.length > 0) endRun();
  return frames;
}
