/** When this page load began: answers older than it come from the offline copy of the cache. */
const pageLoadedAt = Date.now();

export interface QueryTimes {
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/** Whether the server answered this query during this page load (not only the offline copy). */
export function answeredThisLoad(query: QueryTimes): boolean {
  return query.dataUpdatedAt >= pageLoadedAt || query.errorUpdatedAt >= pageLoadedAt;
}

/** True for a query whose answer predates this page load (or that has none): it is asked again on mount. */
export function askedBeforeThisLoad(query: { state: QueryTimes }): boolean {
  return Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt) < pageLoadedAt;
}
