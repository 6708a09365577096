import type { InvalidateQueryFilters, QueryClient, QueryKey } from '@tanstack/react-query';

const FLUSH_MS = 250;
/** Longest wait for changes in flight to land before reading screens again anyway. */
const MAX_WAIT_MS = 5_000;

/**
 * Collects invalidations for a moment and runs each key once: a burst of events (a bulk move, a
 * reconnection) refetches each screen once, and only screens that are showing.
 */
export class InvalidationBatch {
  private readonly filters = new Map<string, InvalidateQueryFilters>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitingSince = 0;

  constructor(private readonly queryClient: QueryClient) {}

  add(queryKey: QueryKey, exact = false): void {
    this.addFilters(`${exact ? '=' : '^'}${JSON.stringify(queryKey)}`, { queryKey, exact });
  }

  /** Filters that a key cannot express, named so that repeats collapse. */
  addFilters(name: string, filters: InvalidateQueryFilters): void {
    this.filters.set(name, filters);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A refetch racing a change still on its way would show the old state for a moment.
    const now = Date.now();
    this.waitingSince ||= now;
    if (this.queryClient.isMutating() > 0 && now - this.waitingSince < MAX_WAIT_MS) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      return;
    }
    this.waitingSince = 0;
    const filters = [...this.filters.values()];
    this.filters.clear();
    for (const filter of filters)
      void this.queryClient.invalidateQueries({ ...filter, refetchType: 'active' });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.filters.clear();
  }
}
