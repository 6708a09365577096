import { MAX_EVENTS_PER_FRAME } from '@figgle/shared/realtime-protocol';
import { SharedFrame } from './shared-frame.ts';

let nextEventNumber = 0;

/** An event frame serialized once (and encoded and framed once), however many sockets it goes to. */
export class OutgoingEvent {
  readonly number = nextEventNumber++;
  private alone: SharedFrame[] | undefined;

  constructor(readonly text: string) {}

  /** The event in a frame of its own. */
  get frames(): SharedFrame[] {
    this.alone ??= [SharedFrame.of(this.text)];
    return this.alone;
  }
}

/** The frames that carry `events` in order: one event as it is, several in `events` frames. */
export function framesOf(events: readonly OutgoingEvent[]): SharedFrame[] {
  if (events.length === 1) return events[0]!.frames;
  const frames: SharedFrame[] = [];
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_FRAME) {
    const texts = events.slice(start, start + MAX_EVENTS_PER_FRAME).map((event) => event.text);
    frames.push(SharedFrame.of(`{"type":"events","events":[${texts.join(',')}]}`));
  }
  return frames;
}
