import { useQuery } from '@tanstack/react-query';
import { inboxStatusQueryOptions } from '../../../lib/realtime/inbox-status';

export interface InboxStatusState {
  /** Someone else did something since the last visit of the inbox (the sidebar dot). */
  hasNew: boolean;
  /** The last visit, as the server keeps it for every device; null until loaded. */
  seenAt: string | null;
  /** When the status last changed in this tab (a live event or a read): 0 before the first. */
  updatedAt: number;
}

/**
 * GET /api/inbox/status, the same cache entry the sidebar and the live connection use (live events
 * set it, opening the inbox clears it).
 */
export function useInboxStatus(): InboxStatusState {
  const { data, dataUpdatedAt } = useQuery(inboxStatusQueryOptions);
  return { hasNew: data?.has_new ?? false, seenAt: data?.inbox_seen_at ?? null, updatedAt: dataUpdatedAt };
}
