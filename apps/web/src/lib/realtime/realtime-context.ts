import { RealtimeClient, type RealtimeHandlers } from './realtime-client';

/** Set by <RealtimeConnection>, which knows the query cache; events before that are ignored. */
let handlers: Partial<RealtimeHandlers> = {};

/** The tab's one live connection (started and stopped by <RealtimeConnection>). */
export const realtimeClient = new RealtimeClient({
  onEvent: (frame) => handlers.onEvent?.(frame),
  onBatch: (events) => {
    if (handlers.onBatch) handlers.onBatch(events);
    else for (const event of events) handlers.onEvent?.(event);
  },
  onPresence: (frame) => handlers.onPresence?.(frame),
  onResync: () => handlers.onResync?.(),
  onChangedBeforeSubscribing: (topic, lastEventMsAgo) =>
    handlers.onChangedBeforeSubscribing?.(topic, lastEventMsAgo),
  onForbidden: (topic) => handlers.onForbidden?.(topic),
  onSignedOut: () => handlers.onSignedOut?.(),
  onStatus: (status) => handlers.onStatus?.(status),
});

export function setRealtimeHandlers(next: Partial<RealtimeHandlers>): void {
  handlers = next;
}
