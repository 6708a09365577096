/** How recent an answer must be for a screen that mounts to show it without asking again. */
const JUST_ANSWERED_MS = 2000;

/**
 * For `refetchOnMount` of screens that re-read their data whenever they open: an answer of the last
 * two seconds (the early start's, or the sidebar's for the same list) is the read of this opening,
 * unless something has said since that it is out of date (an import that ended, for one: its tasks
 * came without live events, and a live patch may have touched the list just before).
 */
export function refetchUnlessJustAnswered(query: {
  state: { dataUpdatedAt: number; isInvalidated: boolean };
}): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ANSWERED_MS;
}
